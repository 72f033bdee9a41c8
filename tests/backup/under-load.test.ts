import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPageResponse, type Product } from '@feiyi/contract';
import { createBackup, type BackupResult, type DatabaseLocation, type UploadsLocation } from '../../scripts/src/backup/backup.ts';
import type { Manifest } from '../../scripts/src/backup/manifest.ts';
import { uploadsBucket } from '../../scripts/src/backup/uploads-s3.ts';
import { uploadStoreEnv } from '../../scripts/src/upload-store.ts';
import { cmsUser, expectOk, get, post, randomIp, uniqueSuffix, type TestUser } from '../support/api.ts';
import { sql } from '../support/database.ts';
import { testEnv } from '../support/env.ts';
import { unpack } from './support.ts';

// A backup taken while orders, donations and sign-ups arrive every few milliseconds: every order answered before the
// backup began is in the archive, and nothing in it is half-written (an order without its lines, stock taken without
// an order, or an order whose stock was not taken).
const workDir = path.join(testEnv.workDir, 'backup-under-load');
const database: DatabaseLocation =
  testEnv.db === 'postgres'
    ? { engine: 'postgres', url: process.env.TEST_DATABASE_URL! }
    : { engine: 'sqlite', file: process.env.TEST_SQLITE_FILE! };
const uploads: UploadsLocation = process.env.TEST_UPLOAD_STORE_URL
  ? { kind: 's3', bucket: uploadsBucket(uploadStoreEnv({ host: '127.0.0.1', port: Number(process.env.TEST_UPLOAD_STORE_PORT) }))! }
  : { kind: 'local', dir: path.join(testEnv.workDir, 'cms-public', 'uploads') };

type Row = Record<string, unknown>;
/** A table of the unpacked archive as objects keyed by column. */
function rowsOf(dir: string, manifest: Manifest, name: string): Row[] {
  const table = manifest.tables.find((entry) => entry.name === name)!;
  return readFileSync(path.join(dir, table.file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => Object.fromEntries(table.columns.map((column, index) => [column.name, (JSON.parse(line) as unknown[])[index]])));
}

let buyers: TestUser[];
let products: Product[];
const stockBefore = new Map<number, number>();

beforeAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  buyers = await Promise.all([1, 2, 3, 4].map(() => cmsUser('load')));
  // Products no pending order holds: an expiring hold (which gives stock back) cannot change them during the test.
  const held = new Set(
    (
      await sql<{ product_pid: number }>(
        `SELECT DISTINCT l.product_pid FROM components_order_lines l JOIN orders_cmps c ON c.cmp_id = l.id AND c.component_type = 'order.line'
           JOIN orders o ON o.id = c.entity_id WHERE o.status = 0`,
      )
    ).map((row) => Number(row.product_pid)),
  );
  const all = expectOk(await get('/api/product/page', { query: { size: 36 } }), productPageResponse).data.page.records;
  products = all.filter((product) => !held.has(product.id) && product.stock >= 40).slice(0, 4);
  expect(products.length).toBeGreaterThan(0);
  for (const product of products) {
    const [row] = await sql<{ stock: number }>('SELECT stock FROM products WHERE pid = ? AND published_at IS NOT NULL', [product.id]);
    stockBefore.set(product.id, Number(row!.stock));
  }
});

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('a backup under a write load', () => {
  it('holds every order acknowledged before it began, and no half-written order or stock', async () => {
    const acknowledged: Array<{ orderNo: string }> = [];
    let donations = 0;
    let signUps = 0;
    let running = true;
    const buy = async (buyer: TestUser, index: number) => {
      for (let n = 0; running; n += 1) {
        const product = products[(index + n) % products.length]!;
        const response = await post('/api/orders/create', {
          token: buyer.token,
          json: { userId: buyer.id, items: [{ productId: product.id, quantity: 1, price: product.price }] },
        });
        if (response.status === 200) acknowledged.push({ orderNo: (response.body.data as { orderNo: string }).orderNo });
        await sleep(3);
      }
    };
    const projects = (await get('/api/donations/projects')).body.data as { projects: { id: number }[] };
    const give = async () => {
      while (running) {
        if (
          (await post('/api/donations/donate', { token: buyers[0]!.token, json: { projectId: projects.projects[0]!.id, amount: 1 } }))
            .status === 200
        )
          donations += 1;
        await sleep(5);
      }
    };
    const signUp = async () => {
      while (running) {
        const username = `ld_${uniqueSuffix(10)}`;
        const response = await post('/api/user/register', {
          json: { username, password: `pw-${uniqueSuffix(8)}`, email: `${username}@example.com` },
          ip: randomIp(),
        });
        if (response.status === 200) signUps += 1;
        await sleep(5);
      }
    };
    const load = Promise.all([...buyers.map(buy), give(), signUp()]);
    // The backup begins once the load is well under way (orders answered), and the load goes on until orders are
    // answered after it too: counts, not durations, so a slow machine changes nothing.
    while (acknowledged.length < 10 || donations === 0 || signUps === 0) await sleep(20);
    // The orders answered so far are exactly those acknowledged before the backup began (the list only grows, in
    // order): counted, not compared by clock, where one millisecond holds several answers.
    const acknowledgedBefore = acknowledged.length;
    let backup: BackupResult;
    try {
      backup = await createBackup({
        database,
        uploads,
        archive: path.join(workDir, 'under-load.tar.gz'),
        workDir: path.join(workDir, 'tmp'),
      });
      const acknowledgedByEnd = acknowledged.length;
      while (acknowledged.length === acknowledgedByEnd) await sleep(20);
    } finally {
      running = false;
      await load;
    }
    const before = acknowledged.slice(0, acknowledgedBefore);
    expect(before.length).toBeGreaterThanOrEqual(10);
    expect(acknowledged.length).toBeGreaterThan(before.length);
    expect(donations).toBeGreaterThan(0);
    expect(signUps).toBeGreaterThan(0);

    const dir = path.join(workDir, 'unpacked');
    mkdirSync(dir);
    const manifest = await unpack(backup.archive, dir);
    const orders = rowsOf(dir, manifest, 'orders');
    const archived = new Set(orders.map((order) => order.order_no));
    expect(before.filter((order) => !archived.has(order.orderNo))).toEqual([]);

    // Every order of the load in the archive has its line, and each product's stock is its stock before the load less
    // the quantities of those orders: nothing taken without an order, no order without its stock.
    const ours = new Set(acknowledged.map((order) => order.orderNo));
    const lines = new Map(rowsOf(dir, manifest, 'components_order_lines').map((line) => [line.id, line]));
    const links = rowsOf(dir, manifest, 'orders_cmps').filter((link) => link.component_type === 'order.line');
    const taken = new Map<number, number>();
    let loadOrders = 0;
    for (const order of orders.filter((row) => ours.has(String(row.order_no)))) {
      loadOrders += 1;
      const own = links.filter((link) => link.entity_id === order.id).map((link) => lines.get(link.cmp_id));
      expect(own.length, `order ${String(order.order_no)}`).toBe(1);
      expect(own[0], `order ${String(order.order_no)} line`).toBeDefined();
      const pid = Number(own[0]!.product_pid);
      taken.set(pid, (taken.get(pid) ?? 0) + Number(own[0]!.quantity));
    }
    expect(loadOrders).toBeGreaterThanOrEqual(before.length);
    const stock = rowsOf(dir, manifest, 'products').filter((row) => row.published_at !== null);
    for (const product of products) {
      const row = stock.find((candidate) => candidate.pid === product.id)!;
      expect(Number(row.stock), product.name).toBe(stockBefore.get(product.id)! - (taken.get(product.id) ?? 0));
    }
  }, 300_000);
});

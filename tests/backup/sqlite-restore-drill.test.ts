import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPageResponse } from '@feiyi/contract';
import { ArchiveRefused } from '../../scripts/src/backup/archive.ts';
import { createBackup, type BackupResult, type DatabaseLocation, type UploadsLocation } from '../../scripts/src/backup/backup.ts';
import { sha256Text } from '../../scripts/src/backup/manifest.ts';
import { restoreBackup } from '../../scripts/src/backup/restore.ts';
import { sqliteSource } from '../../scripts/src/backup/sqlite.ts';
import { KEPT_TABLES } from '../../scripts/src/backup/tables.ts';
import { waitForHttp, type Service } from '../../scripts/src/processes.ts';
import { generateSecrets } from '../../scripts/src/secrets.ts';
import { startCms } from '../../scripts/src/stack.ts';
import { expectOk, fileForm, get, newUser, post, tinyPng, type TestUser } from '../support/api.ts';
import { testEnv } from '../support/env.ts';
import { archiveContents, fileSums, repack, tableContents, unpack } from './support.ts';

// The restore drill on SQLite: the suite's portal gets visitors, orders, donations and an upload; it is backed up while
// it serves; the archive is restored into a wiped place (no database, no uploads), compared table by table and file by
// file with the archive, and a CMS started on it lets the old visitor and editor sign in with their old passwords. Then
// damaged archives are refused with nothing changed, and a restore over a running CMS leaves a backup that undoes it.
const workDir = path.join(testEnv.workDir, 'backup-drill');
const source: DatabaseLocation = { engine: 'sqlite', file: process.env.TEST_SQLITE_FILE! };
const sourceUploads: UploadsLocation = { kind: 'local', dir: path.join(testEnv.workDir, 'cms-public', 'uploads') };
const target = { engine: 'sqlite', file: path.join(workDir, 'restored', 'portal.db') } satisfies DatabaseLocation;
const targetUploads = { kind: 'local', dir: path.join(workDir, 'restored', 'uploads') } as const;
const port = Number(process.env.TEST_SEED_CMS_PORT ?? 1357);
const secrets = generateSecrets();
let visitor: TestUser;
let backup: BackupResult;
let cms: Service | undefined;

beforeAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  visitor = await newUser('bk');
  const products = expectOk(await get('/api/product/page', { query: { size: 36 } }), productPageResponse).data.page.records;
  const kit = products.find((product) => product.stock > 5)!;
  expect(
    (
      await post('/api/orders/create', {
        token: visitor.token,
        json: { userId: visitor.id, items: [{ productId: kit.id, quantity: 1, price: kit.price }] },
      })
    ).status,
  ).toBe(200);
  const projects = (await get('/api/donations/projects')).body.data as { projects: { id: number }[] };
  expect(
    (await post('/api/donations/donate', { token: visitor.token, json: { projectId: projects.projects[0]!.id, amount: 100 } })).status,
  ).toBe(200);
  expect((await post('/api/upload/avatar', { body: fileForm(tinyPng(3, 3), 'drill.png', 'image/png') })).status).toBe(200);
  backup = await createBackup({
    database: source,
    uploads: sourceUploads,
    archive: path.join(workDir, 'drill.tar.gz'),
    workDir: path.join(workDir, 'tmp'),
  });
});

afterAll(async () => {
  await cms?.stop();
});

async function startRestoredCms(): Promise<Service> {
  cms = startCms({
    host: '127.0.0.1',
    cmsPort: port,
    secrets,
    logDir: path.join(workDir, 'logs'),
    sqliteFile: target.file,
    publicDir: path.join(workDir, 'restored-public'),
    demo: { username: 'demo', password: 'feiyi2026' },
    serveAdmin: false,
    webUrl: 'http://127.0.0.1:9',
  });
  await waitForHttp(`http://127.0.0.1:${port}/_health`, cms, { expect: [204], timeoutMs: 600_000 });
  return cms;
}

const restore = (archive: string, extra: Partial<Parameters<typeof restoreBackup>[0]> = {}) =>
  restoreBackup({ archive, database: target, uploads: targetUploads, workDir: path.join(workDir, 'tmp'), secrets, ...extra });

describe('backup and restore on SQLite', () => {
  it('backs up every table and file, with a manifest that counts them', async () => {
    const dir = path.join(workDir, 'unpacked');
    mkdirSync(dir);
    const manifest = await unpack(backup.archive, dir);
    expect(manifest.engine).toBe('sqlite');
    expect(manifest.secrets).toBe(false);
    expect(existsSync(path.join(dir, 'secrets.enc'))).toBe(false);
    const users = manifest.tables.find((table) => table.name === 'up_users')!;
    const lines = readFileSync(path.join(dir, users.file), 'utf8');
    expect(lines).toContain(visitor.username);
    expect(manifest.uploads.files).toBe(Object.keys(fileSums(sourceUploads.dir)).length);
    expect(fileSums(path.join(dir, 'uploads'))).toEqual(Object.fromEntries(Object.entries(fileSums(sourceUploads.dir))));
  });

  it('restores into a wiped place: every table equals the archive, every upload is byte-identical, old passwords work', async () => {
    const result = await restore(backup.archive);
    expect(result.rows).toBe(
      backup.manifest.tables.filter((table) => !KEPT_TABLES.has(table.name)).reduce((sum, table) => sum + table.rows, 0),
    );
    const dir = path.join(workDir, 'unpacked');
    expect(await tableContents(sqliteSource(target.file), KEPT_TABLES)).toEqual(archiveContents(dir, backup.manifest, KEPT_TABLES));
    expect(fileSums(targetUploads.dir)).toEqual(fileSums(path.join(dir, 'uploads')));

    await startRestoredCms();
    const visitorLogin = await fetch(`http://127.0.0.1:${port}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: visitor.username, password: visitor.password }),
    });
    expect(visitorLogin.status).toBe(200);
    expect(((await visitorLogin.json()) as { user: { id: number } }).user.id).toBe(visitor.id);
    const editorLogin = await fetch(`http://127.0.0.1:${port}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: testEnv.editorEmail, password: testEnv.editorPassword }),
    });
    expect(editorLogin.status).toBe(200);
  }, 600_000);

  describe('damaged, truncated, foreign and newer archives are refused with nothing changed', () => {
    const variants: Array<[string, (archive: string) => Promise<void>, RegExp]> = [
      [
        'one byte flipped',
        async (archive) => {
          const bytes = readFileSync(archive);
          bytes[Math.floor(bytes.length / 2)]! ^= 0x40;
          writeFileSync(archive, bytes);
        },
        /损坏|校验和不符/,
      ],
      ['truncated', async (archive) => truncateSync(archive, Math.floor(readFileSync(archive).length * 0.7)), /损坏或不完整/],
      [
        'a file removed',
        async (archive) => {
          const dir = `${archive}.dir`;
          mkdirSync(dir);
          await unpack(archive, dir);
          const upload = readdirSync(path.join(dir, 'uploads'))[0]!;
          rmSync(path.join(dir, 'uploads', upload));
          await repack(dir, archive);
        },
        /缺少文件 uploads\//,
      ],
      ...(['schemaFingerprint', 'formatVersion'] as const).map((field): [string, (archive: string) => Promise<void>, RegExp] => [
        field === 'schemaFingerprint' ? 'a manifest from another schema' : 'a newer format',
        async (archive) => {
          const dir = `${archive}.dir`;
          mkdirSync(dir);
          const manifest = await unpack(archive, dir);
          const changed =
            field === 'schemaFingerprint' ? { schemaFingerprint: '0'.repeat(32) } : { formatVersion: manifest.formatVersion + 1 };
          const text = `${JSON.stringify({ ...manifest, ...changed }, null, 1)}\n`;
          writeFileSync(path.join(dir, 'manifest.json'), text);
          writeFileSync(path.join(dir, 'manifest.sha256'), `${sha256Text(text)}\n`);
          await repack(dir, archive);
        },
        field === 'schemaFingerprint' ? /内容结构.*不一致/ : /更新版本的门户/,
      ]),
      ['not an archive', async (archive) => writeFileSync(archive, 'PK\x03\x04 not a backup'), /损坏或不完整/],
    ];

    for (const [name, damage, message] of variants) {
      it(name, async () => {
        await cms?.stop();
        const before = await tableContents(sqliteSource(target.file));
        const filesBefore = fileSums(targetUploads.dir);
        const damaged = path.join(workDir, `damaged-${name.replaceAll(' ', '-')}.tar.gz`);
        copyFileSync(backup.archive, damaged);
        await damage(damaged);
        const refused = await restore(damaged).catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(ArchiveRefused);
        expect((refused as Error).message).toMatch(message);
        expect((refused as Error).message).toMatch(/\p{Script=Han}/u);
        expect(await tableContents(sqliteSource(target.file))).toEqual(before);
        expect(fileSums(targetUploads.dir)).toEqual(filesBefore);
        expect(readdirSync(path.dirname(target.file)).filter((file) => file.includes('restoring'))).toEqual([]);
      });
    }

    it('./portal restore says so in Chinese and exits non-zero', () => {
      const damaged = path.join(workDir, 'damaged-cli.tar.gz');
      copyFileSync(backup.archive, damaged);
      truncateSync(damaged, 1000);
      const cli = spawnSync(
        process.execPath,
        ['--disable-warning=ExperimentalWarning', path.resolve(import.meta.dirname, '../../scripts/src/cli.ts'), 'restore', damaged],
        {
          encoding: 'utf8',
          env: { ...process.env, PORT: String(port + 1), CMS_PORT: String(port + 2) },
        },
      );
      expect(cli.status).toBe(1);
      expect(cli.stderr).toMatch(/✗ 备份文件已损坏或不完整.*未做任何改动/);
    });
  });

  it('a restore over a running CMS stops it, and its pre-restore backup brings the replaced state back', async () => {
    const running = await startRestoredCms();
    const late = await fetch(`http://127.0.0.1:${port}/api/auth/local/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'after_backup', email: 'after_backup@example.com', password: 'pw-after-backup' }),
    });
    expect(late.status).toBe(200);
    const usersOf = async () =>
      (await tableContents(sqliteSource(target.file))).get('up_users')!.filter((row) => row.includes('after_backup'));
    expect(await usersOf()).toHaveLength(1);

    const preRestoreArchive = path.join(workDir, 'pre-restore.tar.gz');
    const result = await restore(backup.archive, { stopPortal: () => running.stop(), preRestoreArchive });
    expect(running.child.exitCode !== null || running.child.signalCode !== null).toBe(true);
    expect(result.preRestore?.archive).toBe(preRestoreArchive);
    expect(await usersOf()).toHaveLength(0);

    await restore(preRestoreArchive);
    expect(await usersOf()).toHaveLength(1);
  }, 900_000);
});

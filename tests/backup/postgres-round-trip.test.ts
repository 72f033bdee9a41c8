import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPageResponse } from '@feiyi/contract';
import { createBackup, type BackupResult, type UploadsLocation } from '../../scripts/src/backup/backup.ts';
import { postgresSource, withDatabase } from '../../scripts/src/backup/postgres.ts';
import { restoreBackup } from '../../scripts/src/backup/restore.ts';
import { sqliteSource } from '../../scripts/src/backup/sqlite.ts';
import { KEPT_TABLES } from '../../scripts/src/backup/tables.ts';
import { downloadBucket, uploadsBucket } from '../../scripts/src/backup/uploads-s3.ts';
import { dropTestDatabase } from '../../scripts/src/postgres.ts';
import { waitForHttp, type Service } from '../../scripts/src/processes.ts';
import { generateSecrets } from '../../scripts/src/secrets.ts';
import { startCms } from '../../scripts/src/stack.ts';
import { uploadStoreEnv } from '../../scripts/src/upload-store.ts';
import { expectOk, fileForm, get, newUser, post, tinyPng, type TestUser } from '../support/api.ts';
import { testEnv } from '../support/env.ts';
import { archiveContents, fileSums, tableContents, unpack } from './support.ts';

// The restore drill on PostgreSQL (uploads in the suite's S3-compatible store when it has one), and the move between
// engines: the suite's PostgreSQL portal is backed up, restored into a wiped database and bucket prefix and signed into
// with old passwords; then PostgreSQL → SQLite → PostgreSQL keeps every row and id of every table.
const workDir = path.join(testEnv.workDir, 'backup-postgres');
const databaseUrl = process.env.TEST_DATABASE_URL!;
const adminUrl = process.env.TEST_PG_ADMIN_URL;
const storePort = process.env.TEST_UPLOAD_STORE_URL ? Number(process.env.TEST_UPLOAD_STORE_PORT) : undefined;
const uploads: UploadsLocation = storePort
  ? { kind: 's3', bucket: uploadsBucket(uploadStoreEnv({ host: '127.0.0.1', port: storePort }))! }
  : { kind: 'local', dir: path.join(testEnv.workDir, 'cms-public', 'uploads') };
/** A wiped place to restore into: a database that does not exist yet, and an empty prefix of the bucket (or folder). */
const restoredUploads: UploadsLocation =
  uploads.kind === 's3'
    ? { kind: 's3', bucket: { ...uploads.bucket, prefix: `restore-drill-${process.pid}` } }
    : { kind: 'local', dir: path.join(workDir, 'uploads') };
const restoredDatabases = [1, 2].map((n) => withDatabase(databaseUrl, `feiyi_restored_${process.pid}_${n}`));
const port = Number(process.env.TEST_SEED_CMS_PORT ?? 1357);
const secrets = generateSecrets();
const tmp = path.join(workDir, 'tmp');
let visitor: TestUser;
let backup: BackupResult;
let cms: Service | undefined;

beforeAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  visitor = await newUser('pgbk');
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
    database: { engine: 'postgres', url: databaseUrl },
    uploads,
    archive: path.join(workDir, 'postgres.tar.gz'),
    workDir: tmp,
  });
});

afterAll(async () => {
  await cms?.stop();
  for (const url of restoredDatabases) await dropTestDatabase(url, adminUrl).catch(() => undefined);
});

const uploadsOf = async (location: UploadsLocation, into: string) => {
  if (location.kind === 'local') return fileSums(location.dir);
  mkdirSync(into, { recursive: true });
  await downloadBucket(location.bucket, into);
  return fileSums(into);
};

describe('backup and restore on PostgreSQL', () => {
  it('restores into a wiped database and uploads: every table equals the archive, every file is identical, old passwords work', async () => {
    expect(backup.manifest.engine).toBe('postgres');
    expect(backup.manifest.uploads.files).toBeGreaterThan(0);
    const unpacked = path.join(workDir, 'unpacked');
    mkdirSync(unpacked);
    await unpack(backup.archive, unpacked);
    const target = restoredDatabases[0]!;
    await restoreBackup({
      archive: backup.archive,
      database: { engine: 'postgres', url: target },
      uploads: restoredUploads,
      workDir: tmp,
      secrets,
    });
    expect(await tableContents(await postgresSource(target), KEPT_TABLES)).toEqual(archiveContents(unpacked, backup.manifest, KEPT_TABLES));
    expect(await uploadsOf(restoredUploads, path.join(workDir, 'restored-files'))).toEqual(fileSums(path.join(unpacked, 'uploads')));

    cms = startCms({
      host: '127.0.0.1',
      cmsPort: port,
      secrets,
      logDir: path.join(workDir, 'logs'),
      databaseUrl: target,
      sqliteFile: path.join(workDir, 'unused.db'),
      publicDir: path.join(workDir, 'public'),
      demo: { username: 'demo', password: 'feiyi2026' },
      serveAdmin: false,
      webUrl: 'http://127.0.0.1:9',
    });
    await waitForHttp(`http://127.0.0.1:${port}/_health`, cms, { expect: [204], timeoutMs: 600_000 });
    const signIn = (pathname: string, body: object) =>
      fetch(`http://127.0.0.1:${port}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const visitorLogin = await signIn('/api/auth/local', { identifier: visitor.username, password: visitor.password });
    expect(visitorLogin.status).toBe(200);
    expect(((await visitorLogin.json()) as { user: { id: number } }).user.id).toBe(visitor.id);
    expect((await signIn('/admin/login', { email: testEnv.editorEmail, password: testEnv.editorPassword })).status).toBe(200);
    await cms.stop();
  }, 600_000);

  it('PostgreSQL → SQLite → PostgreSQL keeps every row and id of every table', async () => {
    const original = path.join(workDir, 'unpacked');
    const sqliteFile = path.join(workDir, 'round-trip', 'portal.db');
    const localUploads: UploadsLocation = { kind: 'local', dir: path.join(workDir, 'round-trip', 'uploads') };
    await restoreBackup({
      archive: backup.archive,
      database: { engine: 'sqlite', file: sqliteFile },
      uploads: localUploads,
      workDir: tmp,
      secrets,
    });
    const expected = archiveContents(original, backup.manifest, KEPT_TABLES);
    expect(await tableContents(sqliteSource(sqliteFile), KEPT_TABLES)).toEqual(expected);

    // SQLite → PostgreSQL: the upgrade path.
    const fromSqlite = await createBackup({
      database: { engine: 'sqlite', file: sqliteFile },
      uploads: localUploads,
      archive: path.join(workDir, 'sqlite.tar.gz'),
      workDir: tmp,
    });
    expect(fromSqlite.manifest.engine).toBe('sqlite');
    const target = restoredDatabases[1]!;
    await restoreBackup({
      archive: fromSqlite.archive,
      database: { engine: 'postgres', url: target },
      uploads: localUploads,
      workDir: tmp,
      secrets,
    });
    const back = await tableContents(await postgresSource(target), KEPT_TABLES);
    expect(back).toEqual(expected);
    expect(fileSums(localUploads.dir)).toEqual(fileSums(path.join(original, 'uploads')));
  }, 900_000);
});

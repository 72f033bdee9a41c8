import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileUserResponse, uploadResponse, userInfoResponse } from '@feiyi/contract';
import { upload as UPLOAD_MESSAGES } from '@feiyi/contract/messages';
import { startUploadStore } from '../../scripts/src/upload-store.ts';
import { expectError, expectOk, fileForm, get, newUser, post, put, randomIp, tinyJpeg, tinyPng, type TestUser } from '../support/api.ts';
import { sql } from '../support/database.ts';
import { testEnv } from '../support/env.ts';

// The upload store goes away: the scale profile's own S3-compatible server (a real process) is killed with SIGKILL
// while the CMS, the adapters and nginx keep running. An upload must then answer one clear Chinese 503 and leave
// nothing half-written (no file record, the visitor's avatar as it was); once the store is started again on the same
// port and folder, uploads work again without restarting anything else.
const HOST = '127.0.0.1';
const port = Number(process.env.TEST_UPLOAD_STORE_PORT);
const directory = process.env.TEST_UPLOAD_STORE_DIR ?? '';
const bucketUrl = process.env.TEST_UPLOAD_STORE_URL ?? '';
const logDir = path.join(testEnv.workDir, 'fault-upload-store', 'logs');

let user: TestUser;
let avatar = '';

const answers = () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: HOST, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** SIGKILL to the store running now (its pid file names it, whoever started it); resolves once its port is closed. */
async function killStore(): Promise<void> {
  const pid = Number(readFileSync(`${directory}.pid`, 'utf8'));
  process.kill(pid, 'SIGKILL');
  for (let i = 0; i < 100 && (await answers()); i += 1) await sleep(100);
  expect(await answers()).toBe(false);
}

const fileCount = async () => Number((await sql<{ n: number | string }>('SELECT COUNT(*) AS n FROM files'))[0]!.n);
const uploadProfileImage = (bytes: Uint8Array, name: string, type: string) =>
  post('/api/upload/update-avatar', { token: user.token, body: fileForm(bytes, name, type) });

beforeAll(async () => {
  if (!port || !directory || !bucketUrl)
    throw new Error('TEST_UPLOAD_STORE_* are not set: run the suite with ./portal test --profile scale');
  expect(await answers()).toBe(true);
  user = await newUser('us');
  avatar = expectOk(await uploadProfileImage(tinyPng(), 'a.png', 'image/png'), uploadResponse).data;
  expectOk(await put('/api/user/avatar', { token: user.token, json: { avatar } }), profileUserResponse);
});

// The rest of the suite needs the store: started again here if a failure left it down.
afterAll(async () => {
  if (!(await answers())) await startUploadStore({ host: HOST, port, directory, logDir });
});

describe('the upload store down', () => {
  it('with the store killed: an upload answers 503 with the reason in Chinese, writes no file record and keeps the avatar', async () => {
    const filesBefore = await fileCount();
    await killStore();

    for (const answer of [
      await uploadProfileImage(tinyJpeg(), 'new.jpg', 'image/jpeg'),
      await post('/api/upload/avatar', { body: fileForm(tinyPng(), 'me.png', 'image/png'), ip: randomIp() }),
    ]) {
      expectError(answer, 503, UPLOAD_MESSAGES.storeUnavailable);
      expect(answer.body).toEqual({ code: 50300, message: '图片存储暂时不可用，图片未保存，请稍后再试', data: null });
    }
    expect(await fileCount()).toBe(filesBefore);
    const info = expectOk(await get('/api/user/info', { token: user.token }), userInfoResponse);
    expect(info.data.user.avatar).toBe(avatar);

    // nginx answers for the store it cannot reach with the API's envelope, not an error page.
    const served = await fetch(avatar);
    expect(served.status).toBe(503);
    expect(await served.json()).toEqual({ code: 50300, message: '服务暂时不可用，请稍后再试', data: null });
  });

  it('with the store started again: uploads work at once, nothing else restarted', async () => {
    await startUploadStore({ host: HOST, port, directory, logDir });
    const { data: url } = expectOk(await uploadProfileImage(tinyJpeg(), 'back.jpg', 'image/jpeg'), uploadResponse);
    const name = new URL(url).pathname.replace(/^\/uploads\//, '');
    // In the bucket, a JPEG (as Strapi's optimiser wrote it), and served as the same bytes through nginx.
    const stored = await fetch(`${bucketUrl}/${name}`);
    expect(stored.status).toBe(200);
    const bytes = new Uint8Array(await stored.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(new Uint8Array(await (await fetch(url)).arrayBuffer())).toEqual(bytes);
    expectOk(await put('/api/user/avatar', { token: user.token, json: { avatar: url } }), profileUserResponse);
    expect(expectOk(await get('/api/user/info', { token: user.token }), userInfoResponse).data.user.avatar).toBe(url);
    // What was stored before the store went down is served again.
    expect((await fetch(avatar)).status).toBe(200);
  });
});

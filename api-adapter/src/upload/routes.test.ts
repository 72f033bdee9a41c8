import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as MESSAGES from '@feiyi/contract/messages';
import { AVATAR_UPLOAD } from '@feiyi/contract/upload-rules';
import { buildAdapter } from '../app.fixture.ts';
import { stubCms } from '../cms/client.fixture.ts';

// The smallest PNG the type check takes: its signature and an IHDR chunk (the bytes are never decoded here).
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const BOUNDARY = 'unit-test-boundary';

/** A multipart body with one part per file, written out byte by byte. */
function multipart(files: Array<{ name: string; bytes: Buffer }>, boundary = BOUNDARY): Buffer {
  return Buffer.concat([
    ...files.flatMap(({ name, bytes }) => [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
      bytes,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
}

let server: FastifyInstance;
const stored: string[] = [];

beforeAll(async () => {
  const { cms } = stubCms();
  cms.upload = async (file) => {
    stored.push(file.filename);
    return { url: `/uploads/${file.filename}` };
  };
  ({ server } = await buildAdapter(cms));
});

afterAll(async () => {
  await server.close();
});

const upload = (payload: Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
  server.inject({ method: 'POST', url: '/api/upload/avatar', headers: { 'content-type': contentType }, payload });

describe('POST /api/upload/avatar with a body the multipart parser cannot read', () => {
  it('stores one image', async () => {
    const answer = await upload(multipart([{ name: 'a.png', bytes: PNG }]));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(stored).toHaveLength(1);
    stored.length = 0;
  });

  it('refuses a body cut short, before or inside the file, with 400 and stores nothing', async () => {
    const whole = multipart([{ name: 'a.png', bytes: PNG }]);
    for (const length of [20, whole.length - PNG.length, whole.length - 30, whole.length - 3]) {
      const answer = await upload(whole.subarray(0, length));
      expect(answer.statusCode, `cut at ${length}: ${answer.body}`).toBe(400);
      expect(answer.json()).toEqual({ code: 40000, message: MESSAGES.upload.incomplete, data: null });
    }
    expect(stored).toEqual([]);
  });

  it('refuses a multipart body without its boundary, or with one the body does not use, with 400', async () => {
    const body = multipart([{ name: 'a.png', bytes: PNG }]);
    for (const contentType of [
      'multipart/form-data',
      'multipart/form-data; boundary=',
      `multipart/form-data; boundary=${'b'.repeat(300)}`,
      'multipart/form-data; boundary=another-boundary',
    ]) {
      const answer = await upload(body, contentType);
      expect(answer.statusCode, `${contentType}: ${answer.body}`).toBe(400);
      expect(answer.json().message, contentType).toBe(MESSAGES.upload.incomplete);
    }
    expect(stored).toEqual([]);
  });

  it('refuses two files with 400 instead of storing the first', async () => {
    const answer = await upload(
      multipart([
        { name: 'a.png', bytes: PNG },
        { name: 'b.png', bytes: PNG },
      ]),
    );
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toEqual({ code: 40000, message: MESSAGES.upload.oneFileOnly, data: null });
    expect(stored).toEqual([]);
  });

  it("still refuses a file over the limit with the rule's 413", async () => {
    const big = Buffer.alloc(AVATAR_UPLOAD.maxBytes + 1);
    PNG.copy(big);
    const answer = await upload(multipart([{ name: 'big.png', bytes: big }]));
    expect(answer.statusCode).toBe(413);
    expect(answer.json().message).toBe(AVATAR_UPLOAD.messages.tooLarge);
    expect(stored).toEqual([]);
  });
});

import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginResponse, profileUserResponse, registerResponse, uploadResponse } from '@feiyi/contract';
import {
  expectError,
  expectOk,
  fileForm,
  login,
  newUser,
  post,
  put,
  randomIp,
  type TestUser,
  tinyJpeg,
  tinyPng,
  uniqueSuffix,
} from '../support/api.ts';
import { testEnv } from '../support/env.ts';

let user: TestUser;
beforeAll(async () => {
  user = await newUser('pic');
});

/** /api/upload/avatar is limited per address (30 in 10 minutes): each test here is its own visitor. */
const uploadAvatar = (form: FormData | undefined, ip = randomIp(), headers: Record<string, string> = {}) =>
  post('/api/upload/avatar', { body: form, ip, headers });

/** Bytes that start like a PNG but are `size` long: the size check comes before any decoding. */
function bigPng(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(tinyPng());
  return bytes;
}

/** The URL is ours (same origin, under /uploads) and serves the image with an image content type. */
async function expectServedImage(url: string, type: string) {
  expect(url.startsWith(`${testEnv.webUrl}/uploads/`)).toBe(true);
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain(type);
  // Visitors' files share the site's origin: the browser must never sniff them into HTML.
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
}

describe('POST /api/upload/avatar (registration avatar, no login)', () => {
  it('stores a real PNG and answers its URL, which the site serves', async () => {
    const { data, message } = expectOk(await uploadAvatar(fileForm(tinyPng(), 'me.png', 'image/png')), uploadResponse);
    expect(message).toBe('头像上传成功');
    expect(data).toMatch(/\.png$/);
    await expectServedImage(data, 'image/png');
  });

  it('stores a real JPEG', async () => {
    const { data } = expectOk(await uploadAvatar(fileForm(tinyJpeg(), 'me.jpg', 'image/jpeg')), uploadResponse);
    expect(data).toMatch(/\.jpg$/);
    await expectServedImage(data, 'image/jpeg');
  });

  it('decides the type by content: a text file renamed .png is refused with 415', async () => {
    const text = new TextEncoder().encode('this is not an image, just text pretending to be one\n');
    expectError(await uploadAvatar(fileForm(text, 'avatar.png', 'image/png')), 415, '头像只能是 JPG 或 PNG 格式!');
  });

  it('refuses images other than JPG and PNG, SVG included', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    expectError(await uploadAvatar(fileForm(gif, 'a.gif', 'image/gif')), 415, '头像只能是 JPG 或 PNG 格式!');
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expectError(await uploadAvatar(fileForm(svg, 'a.svg', 'image/svg+xml')), 415, '头像只能是 JPG 或 PNG 格式!');
  });

  it('refuses an avatar over 2 MB with 413', async () => {
    expectError(await uploadAvatar(fileForm(bigPng(2 * 1024 * 1024 + 1), 'big.png', 'image/png')), 413, '头像大小不能超过 2MB!');
  });

  it('refuses a request without a file with 400', async () => {
    const onlyText = new FormData();
    onlyText.append('note', 'no file here');
    expectError(await uploadAvatar(onlyText), 400, '请选择头像图片');
    expectError(await uploadAvatar(fileForm(new Uint8Array(0), 'empty.png', 'image/png')), 400, '请选择头像图片');
    expectError(await post('/api/upload/avatar', { json: { file: 'x' }, ip: randomIp() }), 400, '请选择头像图片');
  });

  it('registers with the uploaded avatar', async () => {
    const ip = randomIp();
    const { data: url } = expectOk(await uploadAvatar(fileForm(tinyPng(), 'me.png', 'image/png'), ip), uploadResponse);
    const username = `av_${uniqueSuffix(10)}`;
    const registered = await post('/api/user/register', {
      ip,
      json: { username, password: 'secret123', email: `${username}@example.com`, avatar: url },
    });
    expectOk(registered, registerResponse);
    const answer = expectOk(await post('/api/user/login', { json: { username, password: 'secret123' } }), loginResponse);
    expect(answer.data.user.avatar).toBe(url);
  });

  it('limits uploads per address: 429 after 30 in 10 minutes, other visitors unaffected', async () => {
    const ip = randomIp();
    const answers = [];
    for (let i = 0; i < 31; i += 1) answers.push(await uploadAvatar(undefined, ip));
    expect(answers.slice(0, 30).every((a) => a.status === 400)).toBe(true);
    expectError(answers[30]!, 429, /^请求过于频繁，请 \d+ 秒后再试$/);
    expectError(await uploadAvatar(fileForm(tinyPng(), 'me.png', 'image/png'), ip), 429, /^请求过于频繁/);
    expectError(await uploadAvatar(undefined, randomIp()), 400, '请选择头像图片');
  });
});

describe('POST /api/upload/update-avatar (profile avatar and background)', () => {
  const upload = (form: FormData | undefined, token: string | null = user.token) =>
    post('/api/upload/update-avatar', { token, body: form });

  it('stores PNG and JPEG images and answers their URL', async () => {
    for (const [bytes, name, type] of [
      [tinyPng(), 'bg.png', 'image/png'],
      [tinyJpeg(), 'bg.jpg', 'image/jpeg'],
    ] as const) {
      const { data, message } = expectOk(await upload(fileForm(bytes, name, type)), uploadResponse);
      expect(message).toBe('上传成功');
      await expectServedImage(data, type);
    }
  });

  it('saves the uploaded image as avatar and as background', async () => {
    const { data: avatar } = expectOk(await upload(fileForm(tinyPng(), 'a.png', 'image/png')), uploadResponse);
    const saved = expectOk(await put('/api/user/avatar', { token: user.token, json: { avatar } }), profileUserResponse);
    expect(saved.data.user.avatar).toBe(avatar);
    const { data: background } = expectOk(await upload(fileForm(tinyJpeg(), 'b.jpg', 'image/jpeg')), uploadResponse);
    const withBackground = expectOk(
      await put('/api/user/background', { token: user.token, json: { backgroundImage: background } }),
      profileUserResponse,
    );
    expect(withBackground.data.user).toMatchObject({ avatar, backgroundImage: background });
    const session = await login(user.username, user.password);
    expect(session.id).toBe(user.id);
  });

  it('refuses image URLs that are not our uploads', async () => {
    for (const avatar of [
      'https://evil.example/a.png',
      `${testEnv.webUrl}/api/user/info`,
      '/uploads/../secrets.env',
      'javascript:alert(1)',
    ]) {
      expectError(await put('/api/user/avatar', { token: user.token, json: { avatar } }), 400, '服务器返回的图片地址无效');
    }
    expectError(await put('/api/user/background', { token: user.token, json: {} }), 400, '请选择图片');
  });

  it('refuses a file that is not an image with 415 and one over 5 MB with 413', async () => {
    const text = new TextEncoder().encode('plain text, renamed');
    expectError(await upload(fileForm(text, 'x.png', 'image/png')), 415, '请选择图片文件');
    expectError(await upload(fileForm(bigPng(6 * 1024 * 1024), 'huge.png', 'image/png')), 413, '图片大小不能超过5MB');
  });

  it('refuses a request without a file with 400 and without a token with 401', async () => {
    expectError(await upload(new FormData()), 400, '请选择图片');
    expectError(await upload(fileForm(tinyPng(), 'a.png', 'image/png'), null), 401, '请先登录');
  });
});

describe('GET /uploads/…', () => {
  it('serves no directory listing and nothing outside the uploads folder', async () => {
    // Sent byte for byte: fetch() would resolve the dot-dot segments itself (a WHATWG URL treats %2e%2e
    // as ..), and the server would never see the attempt. @fastify/static refuses a directory and a
    // dot-dot segment with 403; an encoded slash is no segment at all, so that path names a file that
    // does not exist (404).
    // In the scale profile nginx serves the uploads: it decodes the address first and refuses any path that climbs
    // above its root with 400, before looking for a file.
    const climbing = ['scale', 'containers'].includes(process.env.TEST_PROFILE ?? '')
      ? { encodedSlash: 400, dotDot: 400 }
      : { encodedSlash: 404, dotDot: 403 };
    for (const [path, status] of [
      ['/uploads/', 403],
      ['/uploads/..%2f..%2fdata%2ftest.db', climbing.encodedSlash],
      ['/uploads/%2e%2e/%2e%2e/data/test.db', climbing.dotDot],
      ['/uploads/../../data/test.db', climbing.dotDot],
      ['/uploads/no-such-file.png', 404],
    ] as const) {
      const response = await rawGet(path);
      expect(response.status, path).toBe(status);
      expect(response.contentType, path).not.toContain('octet-stream');
    }
  });
});

/** A GET whose path reaches the server exactly as written (no URL normalisation on the way). */
function rawGet(path: string): Promise<{ status: number; contentType: string }> {
  const { hostname, port } = new URL(testEnv.webUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ host: hostname, port, path }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? '') }));
      })
      .on('error', reject);
  });
}

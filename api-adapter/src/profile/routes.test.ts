import * as MESSAGES from '@feiyi/contract/messages';
import { describe, expect, it } from 'vitest';
import { adaptersClosedAfterEach, tokenFor } from '../app.fixture.ts';
import type { CmsProfile } from '../auth/user-mapper.ts';
import { answerBy, type CmsCall, stubCms, tokenOf } from '../cms/client.fixture.ts';

const adapter = adaptersClosedAfterEach();

/** The CMS's own profile for each user's token: what `portal/me` answers, as Strapi does, from the JWT alone. */
async function adapterWithProfiles() {
  const tokens = new Map([
    [await tokenFor(7), 7],
    [await tokenFor(8), 8],
  ]);
  const profileOf = (call: CmsCall): CmsProfile => {
    const id = tokens.get(tokenOf(call));
    if (id === undefined) throw new Error(`portal/me asked with ${tokenOf(call)}`);
    const address = call.method === 'put' ? (call.payload as { address: CmsProfile['address'] }).address : null;
    return { id, username: `user${id}`, email: `user${id}@example.com`, avatar: '', backgroundImage: '', address };
  };
  const stub = stubCms({ answer: answerBy({ 'get portal/me': profileOf, 'put portal/me': profileOf }) });
  const { server } = await adapter(stub.cms);
  const [seven, eight] = [...tokens.keys()] as [string, string];
  return { server, stub, seven, eight };
}

describe('a user’s address is theirs alone', () => {
  it('is saved for the token’s user, whatever id the body names, and only the address fields reach the CMS', async () => {
    const { server, stub, seven } = await adapterWithProfiles();
    const answer = await server.inject({
      method: 'PUT',
      url: '/api/user/address',
      headers: { authorization: `Bearer ${seven}` },
      payload: { id: 8, userId: 8, province: '浙江省', city: '杭州市', detail: '西湖区 1 号' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.user).toMatchObject({
      id: 7,
      address: { province: '浙江省', city: '杭州市', district: '', detail: '西湖区 1 号' },
    });
    expect(stub.calls).toEqual<CmsCall[]>([
      {
        as: { jwt: seven },
        method: 'put',
        path: 'portal/me',
        payload: { address: { province: '浙江省', city: '杭州市', district: '', detail: '西湖区 1 号' } },
      },
    ]);
  });

  it('is read from the token’s user only: neither a userId in the query nor another’s token reaches it', async () => {
    const { server, stub, seven, eight } = await adapterWithProfiles();
    const mine = await server.inject({ method: 'GET', url: '/api/user/info?userId=8', headers: { authorization: `Bearer ${seven}` } });
    expect(mine.json().data.user.id).toBe(7);
    const theirs = await server.inject({ method: 'GET', url: `/api/user/info?token=${eight}` });
    expect(theirs.json().data.user.id).toBe(8);
    expect(stub.calls.map(tokenOf)).toEqual([seven, eight]);
  });
});

describe('avatars and backgrounds on the upload store’s public address (S3_PUBLIC_URL: a CDN)', () => {
  const CDN = 'https://img.example.cn';
  /** A 1 × 1 PNG: what the upload route accepts by its bytes. */
  const PNG = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  );
  const multipart = (file: Buffer) => {
    const boundary = 'feiyi-test-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`;
    return {
      payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      contentType: `multipart/form-data; boundary=${boundary}`,
    };
  };

  /** An adapter whose CMS stores uploads on the CDN (as Strapi's S3 provider does with S3_PUBLIC_URL) and keeps what is saved. */
  async function adapterOnCdn(env: Record<string, string>) {
    const seven = await tokenFor(7);
    const saved: Partial<CmsProfile> = {};
    const profile = (call: CmsCall): CmsProfile => {
      if (call.method === 'put') Object.assign(saved, call.payload);
      return { id: 7, username: 'user7', email: 'user7@example.com', avatar: '', backgroundImage: '', address: null, ...saved };
    };
    const stub = stubCms({ answer: answerBy({ 'get portal/me': profile, 'put portal/me': profile }) });
    stub.cms.upload = async () => ({ url: `${CDN}/upload_ab12.png` });
    const { server } = await adapter(stub.cms, env);
    return { server, stub, seven };
  }

  it('saves what the upload answered, under the CDN, and answers it as it is', async () => {
    const { server, stub, seven } = await adapterOnCdn({ S3_PUBLIC_URL: `${CDN}/` });
    const authorization = `Bearer ${seven}`;
    const { payload, contentType } = multipart(PNG);
    const upload = await server.inject({
      method: 'POST',
      url: '/api/upload/update-avatar',
      headers: { authorization, 'content-type': contentType },
      payload,
    });
    expect(upload.statusCode).toBe(200);
    const url = upload.json().data as string;
    expect(url).toBe(`${CDN}/upload_ab12.png`);

    for (const [route, field] of [
      ['/api/user/avatar', 'avatar'],
      ['/api/user/background', 'backgroundImage'],
    ] as const) {
      const save = await server.inject({ method: 'PUT', url: route, headers: { authorization }, payload: { [field]: url } });
      expect(save.statusCode, route).toBe(200);
      expect(save.json().data.user[field]).toBe(url);
    }
    expect(stub.calls.map((call) => call.payload)).toEqual([{ avatar: url }, { backgroundImage: url }]);
    const info = await server.inject({ method: 'GET', url: '/api/user/info', headers: { authorization } });
    expect(info.json().data.user).toMatchObject({ avatar: url, backgroundImage: url });
  });

  it('refuses another host, a way out of the folder and a query string, before the CMS hears of it', async () => {
    const { server, stub, seven } = await adapterOnCdn({ S3_PUBLIC_URL: CDN });
    for (const avatar of [
      'https://evil.example/upload_ab12.png',
      'https://img.example.cn.evil.example/upload_ab12.png',
      `${CDN}/../upload_ab12.png`,
      `${CDN}/upload_ab12.png?x-oss-process=image/resize`,
    ]) {
      const save = await server.inject({
        method: 'PUT',
        url: '/api/user/avatar',
        headers: { authorization: `Bearer ${seven}` },
        payload: { avatar },
      });
      expect(save.statusCode, avatar).toBe(400);
      expect(save.json().message, avatar).toBe(MESSAGES.upload.badUrl);
    }
    expect(stub.calls).toEqual([]);
  });

  it('refuses an address on the CDN when the adapter is not told of it (S3_PUBLIC_URL unset or a path)', async () => {
    for (const env of [{}, { S3_PUBLIC_URL: '/uploads' }] as Array<Record<string, string>>) {
      const { server, stub, seven } = await adapterOnCdn(env);
      const save = await server.inject({
        method: 'PUT',
        url: '/api/user/avatar',
        headers: { authorization: `Bearer ${seven}` },
        payload: { avatar: `${CDN}/upload_ab12.png` },
      });
      expect(save.statusCode).toBe(400);
      expect(stub.calls).toEqual([]);
    }
  });

  it('will not start with an S3_PUBLIC_URL it cannot read', async () => {
    await expect(adapterOnCdn({ S3_PUBLIC_URL: `${CDN}/?v=1` })).rejects.toThrow(/适配层配置无效：S3_PUBLIC_URL/);
  });
});

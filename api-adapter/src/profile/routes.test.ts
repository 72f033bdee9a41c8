import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAdapter, tokenFor } from '../app.fixture.ts';
import type { CmsProfile } from '../auth/user-mapper.ts';
import { answerBy, type CmsCall, stubCms, tokenOf } from '../cms/client.fixture.ts';

const servers: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

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
  const { server } = await buildAdapter(stub.cms);
  servers.push(server);
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

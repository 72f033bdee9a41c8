import { beforeAll, describe, expect, it } from 'vitest';
import {
  bookingResponse,
  collectionChangeResponse,
  culturePageResponse,
  followStatusResponse,
  inheritorPageResponse,
  profileUserResponse,
  statsResponse,
  userInfoResponse,
  workshopsResponse,
} from '@feiyi/contract';
import { DEMO, expectError, expectOk, get, login, newUser, post, put, type TestUser, uniqueSuffix } from '../support/api.ts';

let user: TestUser;
beforeAll(async () => {
  user = await newUser('me');
});

const stats = async (token = user.token) => expectOk(await get('/api/profile/stats', { token }), statsResponse).data;

describe('PUT /api/user/username', () => {
  it('changes the username; the new name logs in', async () => {
    const username = `new_${uniqueSuffix(10)}`;
    const { data, message } = expectOk(
      await put('/api/user/username', { token: user.token, json: { username: `  ${username}  ` } }),
      profileUserResponse,
    );
    expect(message).toBe('用户名已更新');
    expect(data.user).toMatchObject({ id: user.id, username });
    expect((await login(username, user.password)).id).toBe(user.id);
    user = { ...user, username };
  });

  it.each([
    ['', '用户名不能为空'],
    ['   ', '用户名不能为空'],
    ['ab', '长度在 3 到 20 个字符'],
    ['x'.repeat(21), '长度在 3 到 20 个字符'],
  ])('refuses %j with 400', async (username, message) => {
    expectError(await put('/api/user/username', { token: user.token, json: { username } }), 400, message);
  });

  it('refuses a missing username with 用户名不能为空', async () => {
    expectError(await put('/api/user/username', { token: user.token, json: {} }), 400, '用户名不能为空');
  });

  it("refuses another user's name with 409 and keeps both accounts unchanged", async () => {
    expectError(await put('/api/user/username', { token: user.token, json: { username: DEMO.username } }), 409, '用户名已被占用');
    const me = expectOk(await get('/api/user/info', { token: user.token }), userInfoResponse).data.user;
    expect(me.username).toBe(user.username);
    expect((await login(DEMO.username, DEMO.password)).id).not.toBe(user.id);
  });
});

describe('PUT /api/user/address', () => {
  it('needs province and detail', async () => {
    for (const body of [
      { province: '浙江省', city: '杭州市', district: '西湖区' },
      { province: '浙江省', city: '杭州市', district: '西湖区', detail: '   ' },
      { city: '杭州市', district: '西湖区', detail: '文三路 1 号' },
      { province: '', detail: '文三路 1 号' },
    ]) {
      expectError(await put('/api/user/address', { token: user.token, json: body }), 400, '请填写完整的省市区和详细地址');
    }
  });

  it('saves the address, which /api/user/info then shows', async () => {
    const address = { province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 1 号' };
    const { data, message } = expectOk(await put('/api/user/address', { token: user.token, json: address }), profileUserResponse);
    expect(message).toBe('地址已保存');
    expect(data.user.address).toEqual(address);
    expect(expectOk(await get('/api/user/info', { token: user.token }), userInfoResponse).data.user.address).toEqual(address);
  });

  it('saves an address without city and district as empty strings', async () => {
    const { data } = expectOk(
      await put('/api/user/address', { token: user.token, json: { province: '北京市', detail: '东城区某街 2 号' } }),
      profileUserResponse,
    );
    expect(data.user.address).toEqual({ province: '北京市', city: '', district: '', detail: '东城区某街 2 号' });
  });
});

describe('GET /api/profile/stats', () => {
  it('starts at zero', async () => {
    expect(await stats()).toEqual({ follows: 0, favourites: 0, bookings: 0, orders: 0, donations: 0 });
  });

  it('reflects follows, favourites and bookings', async () => {
    const inheritors = expectOk(await get('/api/inheritor/category/71', { token: user.token }), inheritorPageResponse).data.page.records;
    for (const inheritor of inheritors.slice(0, 2)) {
      expectOk(await post(`/api/inheritor/follow/${inheritor.id}`, { token: user.token }), followStatusResponse);
    }
    const [culture] = expectOk(await get('/api/culture/page', { query: { category: 72 } }), culturePageResponse).data.page.records;
    expectOk(
      await post('/api/collection', { token: user.token, query: { type: 'culture', targetId: culture!.id } }),
      collectionChangeResponse,
    );
    const [, umbrella] = expectOk(await get('/api/workshops'), workshopsResponse).data.workshops;
    expectOk(
      await post(`/api/workshops/${umbrella!.id}/book`, {
        token: user.token,
        json: { participants: [{ name: '王五', phone: '13700137000', idcard: '110105199001011232' }] },
      }),
      bookingResponse,
    );
    expect(await stats()).toEqual({ follows: 2, favourites: 1, bookings: 1, orders: 0, donations: 0 });
    // Another user's numbers are their own.
    const demo = await login(DEMO.username, DEMO.password);
    const theirs = await stats(demo.token);
    expect(theirs.bookings).not.toBeUndefined();
    expect(theirs).not.toEqual({ follows: 2, favourites: 1, bookings: 1, orders: 0, donations: 0 });
  });

  it('needs a token for every profile call', async () => {
    expectError(await get('/api/profile/stats'), 401, '请先登录');
    expectError(await put('/api/user/username', { json: { username: 'whoever' } }), 401, '请先登录');
    expectError(await put('/api/user/address', { json: { province: '浙江省', detail: 'x' } }), 401, '请先登录');
    expectError(await put('/api/user/avatar', { json: { avatar: '' } }), 401, '请先登录');
    expectError(await put('/api/user/background', { json: { backgroundImage: '' } }), 401, '请先登录');
  });
});

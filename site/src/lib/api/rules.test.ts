import { describe, expect, it } from 'vitest';
import {
  MAX_BYTES,
  afterLoginTarget,
  bodyBytes,
  callPath,
  isHistoryCall,
  isProfileCall,
  isPublicCall,
  loginHref,
  needsLogin,
  readFailure,
  timeoutFor,
  withTimestamp,
} from './rules.ts';

describe('public calls', () => {
  it.each([
    '/api/user/login',
    '/api/user/register',
    '/api/user/logout',
    '/api/upload/avatar',
    '/api/policy/list',
    '/api/culture/page?category=&page=1',
    '/api/culture/12',
    '/api/culture/hot',
    '/api/culture/latest',
    '/api/culture/search?keyword=jingju',
    '/api/product/page',
    '/api/product/3',
    '/api/province/code/guangxi',
    '/api/national/figures',
    '/api/inheritor/3/seal.svg',
    '/api/inheritor/category/66',
    'http://127.0.0.1:8080/api/home',
  ])('%s needs no token', (url) => expect(isPublicCall(url)).toBe(true));

  it.each([
    '/api/user/info',
    '/api/order/list',
    '/api/order/12',
    '/api/orders/create',
    '/api/order',
    '/api/collection/check',
    '/api/collection',
    '/api/inheritor/follow/3',
    '/api/inheritor/follow/status/3',
    '/api/upload/update-avatar',
    '/api/user/avatar',
    '/api/donations/donate',
    '/api/achievements/user/1',
    '/api/profile/stats',
    '/api/orders/12/mock-pay',
    '/api/payment/mock/12',
    '/api/order/12/payment-status',
    '/api/profile/browse-history',
    '/api/profile/browse-history/batch',
  ])('%s is stopped on the client without a token', (url) => expect(isPublicCall(url)).toBe(false));

  it('reads the path of a call without origin or query', () => {
    expect(callPath('https://feiyi.example/api/culture/page?x=1#a')).toBe('/api/culture/page');
    expect(callPath('api/culture/page')).toBe('/api/culture/page');
  });

  it('knows the history and order calls (part 2 client)', () => {
    expect(isHistoryCall('/api/profile/browse-history/batch')).toBe(true);
    expect(isHistoryCall('/api/profile/stats')).toBe(false);
    expect(isProfileCall('/api/order/list')).toBe(true);
    expect(isProfileCall('/api/orders/create')).toBe(true);
    expect(isProfileCall('/api/culture/page')).toBe(false);
  });
});

describe('navigation guard', () => {
  it.each(['/payment', '/payment/', '/order', '/order/list', '/order/list/', '/user', '/user/settings', '/profile'])(
    '%s needs a login',
    (path) => expect(needsLogin(path)).toBe(true),
  );
  it.each(['/', '/culture/1', '/username', '/orderly', '/pay-success', '/login', '/charity'])('%s is open', (path) =>
    expect(needsLogin(path)).toBe(false),
  );

  it('sends the full target to /login', () => {
    expect(loginHref('/payment?orderId=7&amount=99.00')).toBe('/login?redirect=%2Fpayment%3ForderId%3D7%26amount%3D99.00');
    expect(loginHref('/')).toBe('/login');
    expect(loginHref('/login?redirect=%2Fx')).toBe('/login');
  });

  it('follows only our own paths after login', () => {
    expect(afterLoginTarget('/payment?orderId=7')).toBe('/payment?orderId=7');
    expect(afterLoginTarget(null)).toBe('/');
    expect(afterLoginTarget('https://evil.example/')).toBe('/');
    expect(afterLoginTarget('//evil.example/')).toBe('/');
    expect(afterLoginTarget('/\\evil.example')).toBe('/');
    expect(afterLoginTarget('/login?redirect=/x')).toBe('/');
  });
});

describe('error catalogue', () => {
  const culture = '/api/culture/page';
  it('part 1: 401 and 403 expire the session, except on history calls', () => {
    expect(readFailure({ kind: 'http', status: 401 }, culture)).toEqual({
      message: '登录已过期，请重新登录',
      action: 'expire-session',
      local: false,
    });
    expect(readFailure({ kind: 'http', status: 403 }, '/api/collection')).toMatchObject({ action: 'expire-session' });
    expect(readFailure({ kind: 'http', status: 401 }, '/api/profile/browse-history', 'post')).toMatchObject({
      action: 'drop-token',
      local: true,
    });
    expect(readFailure({ kind: 'http', status: 403 }, '/api/profile/browse-history/batch')).toMatchObject({ action: 'none', local: true });
  });

  it("part 1: other errors show the server's message or '请求失败'", () => {
    expect(readFailure({ kind: 'http', status: 400, message: '用户名或密码错误' }, '/api/user/login').message).toBe('用户名或密码错误');
    expect(readFailure({ kind: 'http', status: 502, message: '  ' }, culture).message).toBe('请求失败');
    expect(readFailure({ kind: 'business' }, culture).message).toBe('请求失败');
    expect(readFailure({ kind: 'business', message: '库存不足' }, culture).message).toBe('库存不足');
    expect(readFailure({ kind: 'network' }, culture).message).toBe('网络错误，请检查您的网络连接');
    expect(readFailure({ kind: 'config' }, culture).message).toBe('请求配置错误');
    expect(readFailure({ kind: 'config', message: 'Invalid URL' }, culture).message).toBe('Invalid URL');
  });

  it("part 2: the history and order client's messages", () => {
    const orders = '/api/order/list';
    expect(readFailure({ kind: 'http', status: 401 }, orders)).toEqual({ message: '请先登录', action: 'go-login', local: false });
    expect(readFailure({ kind: 'http', status: 403 }, orders)).toEqual({ message: '权限不足', action: 'go-login-forbidden', local: false });
    expect(readFailure({ kind: 'http', status: 404 }, orders).message).toBe('请求的资源不存在');
    expect(readFailure({ kind: 'http', status: 500, message: '数据库不可用' }, orders).message).toBe('服务器错误: 数据库不可用');
    expect(readFailure({ kind: 'http', status: 409, statusText: 'Conflict' }, orders).message).toBe('请求失败: 409 Conflict');
    expect(readFailure({ kind: 'network' }, orders)).toEqual({ message: '网络错误', action: 'none', local: false });
    expect(readFailure({ kind: 'network' }, '/api/profile/browse-history')).toMatchObject({ local: true });
    expect(readFailure({ kind: 'config' }, orders).message).toBe('请求配置错误');
  });
});

describe('request rules', () => {
  it('adds _t to a GET without losing its query', () => {
    const stamped = withTimestamp(new URL('http://x/api/culture/page?page=2'), 1700000000000);
    expect(stamped.searchParams.get('page')).toBe('2');
    expect(stamped.searchParams.get('_t')).toBe('1700000000000');
  });

  it('measures bodies against the 5 MB limit', () => {
    expect(MAX_BYTES).toBe(5_242_880);
    expect(bodyBytes(undefined)).toBe(0);
    expect(bodyBytes({ title: '京剧' })).toBe(new TextEncoder().encode('{"title":"京剧"}').length);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(MAX_BYTES + 1)]), 'a.png');
    expect(bodyBytes(form)).toBeGreaterThan(MAX_BYTES);
  });
});

describe('placing and paying orders (part 1, the shop)', () => {
  it("answers the server's own message, not part 2's status wording", () => {
    const soldOut = { kind: 'http', status: 409, statusText: 'Conflict', message: '「昆曲名段赏听手册」已售罄' } as const;
    expect(readFailure(soldOut, '/api/orders/create', 'post')).toEqual({
      message: '「昆曲名段赏听手册」已售罄',
      action: 'none',
      local: false,
    });
    expect(readFailure(soldOut, '/api/order', 'POST').message).toBe('「昆曲名段赏听手册」已售罄');
    expect(readFailure({ kind: 'http', status: 500 }, '/api/orders/7/mock-pay', 'post').message).toBe('请求失败');
    // Reading the same resources keeps the history and order client's wording.
    expect(readFailure(soldOut, '/api/order/7', 'get').message).toBe('请求失败: 409 「昆曲名段赏听手册」已售罄');
  });
});

describe("part 2's client for history and orders", () => {
  const history = '/api/profile/browse-history?type=culture&page=1&size=10';

  it('gives them 5 s; other calls 10 s in the browser and 30 s at build time', () => {
    expect(timeoutFor('/api/order/list', true)).toBe(5_000);
    expect(timeoutFor('/api/order/12', true)).toBe(5_000);
    expect(timeoutFor(history, true)).toBe(5_000);
    expect(timeoutFor('/api/profile/browse-history/batch', true)).toBe(5_000);
    expect(timeoutFor('/api/collection/list', true)).toBe(10_000);
    expect(timeoutFor('/api/profile/stats', true)).toBe(10_000);
    expect(timeoutFor('/api/order/list', false)).toBe(30_000);
  });

  it("reading the history: 401 is '请先登录' and /login; 403 and network failures fall back to the local copy", () => {
    expect(readFailure({ kind: 'http', status: 401 }, history, 'get')).toEqual({ message: '请先登录', action: 'go-login', local: false });
    expect(readFailure({ kind: 'http', status: 401 }, history)).toMatchObject({ action: 'go-login' });
    expect(readFailure({ kind: 'http', status: 403 }, history, 'get')).toEqual({ message: '权限不足', action: 'none', local: true });
    expect(readFailure({ kind: 'network' }, history, 'get')).toEqual({ message: '网络错误', action: 'none', local: true });
  });

  it('recording a visit: 401 drops the token and keeps the record locally, without sending the reader to /login', () => {
    for (const url of ['/api/profile/browse-history', '/api/profile/browse-history/batch']) {
      expect(readFailure({ kind: 'http', status: 401 }, url, 'POST')).toEqual({ message: '请先登录', action: 'drop-token', local: true });
      expect(readFailure({ kind: 'http', status: 403 }, url, 'post')).toMatchObject({ action: 'none', local: true });
    }
  });

  it('reading the history: 404, 500, other, business and configuration errors read as the catalogue says', () => {
    expect(readFailure({ kind: 'http', status: 404 }, history).message).toBe('请求的资源不存在');
    expect(readFailure({ kind: 'http', status: 500, message: '服务器内部错误' }, history)).toEqual({
      message: '服务器错误: 服务器内部错误',
      action: 'none',
      local: false,
    });
    expect(readFailure({ kind: 'http', status: 500 }, history).message).toBe('服务器错误');
    expect(readFailure({ kind: 'http', status: 503, statusText: 'Service Unavailable' }, history).message).toBe(
      '请求失败: 503 Service Unavailable',
    );
    expect(readFailure({ kind: 'http', status: 429, message: '请求过于频繁，请 5 秒后再试' }, history).message).toBe(
      '请求失败: 429 请求过于频繁，请 5 秒后再试',
    );
    expect(readFailure({ kind: 'business', message: '参数错误' }, history).message).toBe('参数错误');
    expect(readFailure({ kind: 'config' }, history).message).toBe('请求配置错误');
  });

  it("orders: 403 is '权限不足' and a login, never a local copy", () => {
    for (const url of ['/api/order/list?page=1&size=10', '/api/order/7']) {
      expect(readFailure({ kind: 'http', status: 403 }, url)).toEqual({ message: '权限不足', action: 'go-login-forbidden', local: false });
      expect(readFailure({ kind: 'network' }, url)).toEqual({ message: '网络错误', action: 'none', local: false });
    }
  });
});

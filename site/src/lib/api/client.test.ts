/**
 * The HTTP client in a browser-like setting (a stand-in window with storage and location, a stubbed fetch, fake
 * timers): what it sends (`_t` on GETs, the Bearer token) and how it retries and times out (rules.ts: 3 retries 1 s
 * apart for idempotent calls on 408/429/5xx and network errors; 10 s time-out, 5 s for history and order calls).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Client from './client.ts';
import type { ApiError } from './errors.ts';

const ORIGIN = 'http://portal.test';
/** The contract's message-only answer: the client parses every answer with the schema named in the call. */
const answer = 'messageOnly' as const;

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

const localStorage = new MemoryStorage();
const sessionStorage = new MemoryStorage();
const assign = vi.fn<(url: string) => void>();

// The client decides at import whether it runs in a browser: the stand-in window comes first.
vi.stubGlobal('window', {
  location: { origin: ORIGIN, pathname: '/charity', search: '', hash: '', assign },
  localStorage,
  sessionStorage,
  dispatchEvent: () => true,
  addEventListener: () => {},
  removeEventListener: () => {},
});

const realFetch = globalThis.fetch;
let call: typeof Client.call;
beforeAll(async () => {
  ({ call } = await import('./client.ts'));
});
afterAll(() => {
  vi.unstubAllGlobals();
});

/** Every request the client made, in order. */
let sent: Request[] = [];
/** Answers the requests in turn (the last one repeats). */
function answerWith(...replies: Array<() => Response | Promise<Response>>) {
  // ky hands fetch a Request.
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    sent.push(input as Request);
    return replies[Math.min(sent.length, replies.length) - 1]!();
  });
  globalThis.fetch = fetch;
  return fetch;
}

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = json(200, { code: 20000, message: 'success', data: null });
const serverError = json(500, { code: 50000, message: '服务器内部错误，请稍后重试', data: null });
const networkDown = () => Promise.reject(new TypeError('fetch failed'));
/** A fetch that never answers (until the client aborts it). */
const hanging = () =>
  new Promise<Response>((_resolve, reject) => sent.at(-1)!.signal.addEventListener('abort', () => reject(new Error('aborted'))));

function login(token = 'tok-123') {
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify({ id: 7, username: 'li', avatar: '', backgroundImage: '' }));
}

/** Starts a call and keeps its outcome, so the test can move the clock before looking. */
function start(path: string, options: Parameters<typeof call>[2] = {}) {
  const outcome: { value?: unknown; error?: ApiError; settled: boolean } = { settled: false };
  const promise = call(answer, path, options).then(
    (value) => Object.assign(outcome, { value, settled: true }),
    (error: unknown) => Object.assign(outcome, { error: error as ApiError, settled: true }),
  );
  return { outcome, promise };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-20T08:00:00.000Z') });
  sent = [];
  localStorage.clear();
  sessionStorage.clear();
  assign.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  globalThis.fetch = realFetch;
});

describe('what the client sends', () => {
  it('adds _t (the current time) to a GET, keeping its own query, and never to a POST', async () => {
    answerWith(ok);
    await call(answer, '/api/culture/page', { searchParams: { page: 2, size: 10, category: undefined } });
    const url = new URL(sent[0]!.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${ORIGIN}/api/culture/page`);
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('size')).toBe('10');
    expect(url.searchParams.has('category')).toBe(false);
    expect(url.searchParams.get('_t')).toBe(String(Date.parse('2026-11-20T08:00:00.000Z')));

    await call(answer, '/api/user/login', { method: 'post', json: { username: 'li', password: 'x' } });
    expect(sent[1]!.method).toBe('POST');
    expect(new URL(sent[1]!.url).searchParams.has('_t')).toBe(false);
  });

  it('sends the stored token as a Bearer header, and no Authorization header without one', async () => {
    answerWith(ok);
    await call(answer, '/api/culture/page');
    expect(sent[0]!.headers.has('authorization')).toBe(false);

    login('tok-123');
    await call(answer, '/api/order/list');
    await call(answer, '/api/order', { method: 'post', json: {} });
    expect(sent[1]!.headers.get('authorization')).toBe('Bearer tok-123');
    expect(sent[2]!.headers.get('authorization')).toBe('Bearer tok-123');
  });

  it('stops a call that needs a login before sending it: 请先登录 and /login with the way back', async () => {
    const fetch = answerWith(ok);
    const { outcome, promise } = start('/api/order/list');
    await promise;
    expect(fetch).not.toHaveBeenCalled();
    expect(outcome.error).toMatchObject({ name: 'ApiError', kind: 'login-required', message: '请先登录', status: 401 });
    expect(assign).toHaveBeenCalledWith('/login?redirect=%2Fcharity');
  });
});

describe('retries', () => {
  it('tries a GET answered 500 four times, 1 s apart, then gives the server’s message', async () => {
    const fetch = answerWith(serverError);
    const { outcome, promise } = start('/api/culture/page');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    for (const tries of [2, 3, 4]) {
      await vi.advanceTimersByTimeAsync(999);
      expect(fetch).toHaveBeenCalledTimes(tries - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetch).toHaveBeenCalledTimes(tries);
    }
    await promise;
    expect(outcome.error).toMatchObject({ name: 'ApiError', kind: 'http', status: 500, message: '服务器内部错误，请稍后重试' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(sent.every((request) => request.method === 'GET')).toBe(true);
  });

  it('tries a GET that meets a network error four times, then says 网络错误，请检查您的网络连接', async () => {
    const fetch = answerWith(networkDown);
    const { outcome, promise } = start('/api/product/page');
    await vi.advanceTimersByTimeAsync(3_000);
    await promise;
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(outcome.error).toMatchObject({ name: 'ApiError', kind: 'network', message: '网络错误，请检查您的网络连接' });
  });

  it('uses the answer of a retry that succeeds', async () => {
    const fetch = answerWith(serverError, networkDown, ok);
    const { outcome, promise } = start('/api/culture/page');
    await vi.advanceTimersByTimeAsync(2_000);
    await promise;
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(outcome.value).toEqual({ code: 20000, message: 'success', data: null });
  });

  it('never retries a POST: one try on a 500, one on a network error', async () => {
    login();
    const fetch = answerWith(serverError);
    const first = start('/api/orders/5/mock-pay', { method: 'post' });
    await first.promise;
    expect(first.outcome.error).toMatchObject({ kind: 'http', status: 500, message: '服务器内部错误，请稍后重试' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(1);

    sent = [];
    const again = answerWith(networkDown);
    const second = start('/api/order', { method: 'post', json: {} });
    await second.promise;
    expect(second.outcome.error).toMatchObject({ kind: 'network', message: '网络错误，请检查您的网络连接' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('does not retry a GET answered with an error that is not temporary (404)', async () => {
    const fetch = answerWith(json(404, { code: 40400, message: '文化条目不存在', data: null }));
    const { outcome, promise } = start('/api/culture/999');
    await promise;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(outcome.error).toMatchObject({ kind: 'http', status: 404, message: '文化条目不存在' });
  });
});

describe('time-outs', () => {
  it('gives up an ordinary call after 10 s, without retrying it: 网络错误，请检查您的网络连接', async () => {
    const fetch = answerWith(hanging);
    const { outcome, promise } = start('/api/culture/page');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(outcome.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await promise;
    expect(outcome.error).toMatchObject({ name: 'ApiError', kind: 'network', message: '网络错误，请检查您的网络连接' });
    expect(sent[0]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('gives up a history or order call after 5 s with part 2’s message 网络错误', async () => {
    login();
    answerWith(hanging);
    const { outcome, promise } = start('/api/order/list');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(outcome.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await promise;
    expect(outcome.error).toMatchObject({ name: 'ApiError', kind: 'network', message: '网络错误' });
  });
});

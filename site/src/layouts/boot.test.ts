import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { aliasTarget, needsLogin } from '../lib/api/rules.ts';
import { BOOT_SCRIPT } from './boot.ts';

/** Runs the boot script against a fake page and reports where it sent the visitor and what it set. */
function boot(path: string, stored: Record<string, string>) {
  const [pathname, search = ''] = path.split('?');
  const attributes = new Set<string>();
  let replacedWith: string | undefined;
  runInNewContext(BOOT_SCRIPT, {
    localStorage: { getItem: (key: string) => stored[key] ?? null },
    document: { documentElement: { setAttribute: (name: string) => attributes.add(name) } },
    location: { pathname, search: search ? `?${search}` : '', hash: '', replace: (to: string) => (replacedWith = to) },
  });
  return { replacedWith, elder: attributes.has('data-elder') };
}

describe('boot script', () => {
  it('sends a visitor without login from a guarded page to /login with the full target', () => {
    expect(boot('/payment?orderId=7&amount=99', {}).replacedWith).toBe('/login?redirect=%2Fpayment%3ForderId%3D7%26amount%3D99');
    expect(boot('/order/list', { token: 't' }).replacedWith).toBe('/login?redirect=%2Forder%2Flist');
    expect(boot('/profile', { user: '{}' }).replacedWith).toBe('/login?redirect=%2Fprofile');
  });

  it('agrees with the guard rule', () => {
    for (const path of ['/', '/payment', '/payment/', '/order', '/order/list', '/user', '/user/x', '/username', '/profile', '/culture/1']) {
      expect(boot(path, {}).replacedWith !== undefined, path).toBe(needsLogin(path));
    }
  });

  it('takes a logged-in visitor from /order, /order/list and /user on to the personal centre', () => {
    const login = { token: 't', user: '{"id":1}' };
    expect(boot('/order', login).replacedWith).toBe('/profile?section=order');
    expect(boot('/order/list/?page=2', login).replacedWith).toBe('/profile?section=order');
    expect(boot('/user/', login).replacedWith).toBe('/profile');
    for (const path of ['/order/list', '/order', '/user']) expect(boot(path, login).replacedWith).toBe(aliasTarget(path));
    for (const path of ['/user/x', '/profile', '/payment', '/orderly', '/', '/toString', '/constructor']) {
      expect(boot(path, login).replacedWith, path).toBeUndefined();
      expect(aliasTarget(path), path).toBeUndefined();
    }
  });

  it('still sends a visitor without login from an alias to /login with the alias as the target', () => {
    expect(boot('/order/list/?page=2', {}).replacedWith).toBe('/login?redirect=%2Forder%2Flist%2F%3Fpage%3D2');
    expect(boot('/user', {}).replacedWith).toBe('/login?redirect=%2Fuser');
  });

  it('lets a logged-in visitor through and applies 长辈模式', () => {
    expect(boot('/payment', { token: 't', user: '{"id":1}' }).replacedWith).toBeUndefined();
    expect(boot('/', { elderMode: '1' }).elder).toBe(true);
    expect(boot('/', {}).elder).toBe(false);
  });
});

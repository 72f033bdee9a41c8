import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors.ts';
import { assertSelf, verifyVisitorToken } from './identity.ts';

const secret = new TextEncoder().encode('a-test-secret-of-enough-length');
const sign = (payload: Record<string, unknown>, expiresIn: string | number = '1h', key = secret) =>
  new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(expiresIn).sign(key);

describe('verifyVisitorToken', () => {
  it('returns the user id of a valid token', async () => {
    const token = await sign({ id: 7 });
    expect(await verifyVisitorToken(token, secret)).toEqual({ id: 7, token });
  });

  it('rejects an expired token', async () => {
    const token = await sign({ id: 7 }, Math.floor(Date.now() / 1000) - 10);
    await expect(verifyVisitorToken(token, secret)).rejects.toThrowError(new ApiError(401, 40100, '登录已过期，请重新登录'));
  });

  it('rejects a token signed with another secret', async () => {
    const forged = await sign({ id: 1 }, '1h', new TextEncoder().encode('not-the-portal-secret-xxxxxxxx'));
    await expect(verifyVisitorToken(forged, secret)).rejects.toBeInstanceOf(ApiError);
  });

  it('rejects unsigned, garbled and id-less tokens', async () => {
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"id":1}').toString('base64url')}.`;
    await expect(verifyVisitorToken(unsigned, secret)).rejects.toBeInstanceOf(ApiError);
    await expect(verifyVisitorToken('garbage', secret)).rejects.toBeInstanceOf(ApiError);
    await expect(verifyVisitorToken(await sign({ sub: 'x' }), secret)).rejects.toBeInstanceOf(ApiError);
  });
});

describe('assertSelf', () => {
  it("allows the visitor's own id or none, and forbids another", () => {
    expect(() => assertSelf({ id: 3, token: 't' }, 3)).not.toThrow();
    expect(() => assertSelf({ id: 3, token: 't' }, undefined)).not.toThrow();
    expect(() => assertSelf({ id: 3, token: 't' }, 4)).toThrowError(ApiError);
  });
});

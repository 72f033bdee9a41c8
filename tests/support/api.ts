import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { SignJWT } from 'jose';
import { expect } from 'vitest';
import type { z } from 'zod';
import { loginResponse, registerResponse } from '@feiyi/contract';
import { testEnv } from './env.ts';

/** What the adapter answers: every body is `{ code, message, data }` (errors carry data: null). */
export interface ApiBody {
  code?: number;
  message?: string;
  data?: unknown;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or null when the answer is not JSON (see `text`). */
  body: ApiBody;
  text: string;
}

export interface RequestOptions {
  token?: string | null;
  /** Sent as JSON (content-type application/json). */
  json?: unknown;
  /** Sent as-is (a string, FormData or bytes). */
  body?: string | FormData | Uint8Array;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /**
   * The visitor's address, sent as X-Forwarded-For. The test stack runs the adapter behind a
   * trusted local proxy (TRUST_PROXY=127.0.0.1), so this is the address its per-visitor limits see.
   */
  ip?: string;
}

/** A random private address: another visitor as far as the adapter's per-address limits go. */
export function randomIp(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${(c! % 254) + 1}`;
}

/** A fetch against the adapter of the running test stack (TEST_WEB_URL). */
export async function api(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
  const url = new URL(path, testEnv.webUrl);
  for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  let body: string | FormData | Uint8Array | undefined = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(url, { method, headers, body: body as BodyInit | undefined });
  const text = await response.text();
  let parsed: ApiBody;
  try {
    parsed = text ? (JSON.parse(text) as ApiBody) : {};
  } catch {
    parsed = {};
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

export const get = (path: string, options?: RequestOptions) => api('GET', path, options);
export const post = (path: string, options?: RequestOptions) => api('POST', path, options);
export const put = (path: string, options?: RequestOptions) => api('PUT', path, options);
export const del = (path: string, options?: RequestOptions) => api('DELETE', path, options);

/** Parses a success body with its contract schema; a mismatch fails with the zod issues and the body. */
export function expectEnvelope<S extends z.ZodType>(body: unknown, schema: S): z.infer<S> {
  const result = schema.safeParse(body);
  if (!result.success) {
    const excerpt = JSON.stringify(body).slice(0, 800);
    throw new Error(`answer does not match its contract: ${JSON.stringify(result.error.issues.slice(0, 5))}\nbody: ${excerpt}`);
  }
  return result.data;
}

/** HTTP 200 and a body that parses with the contract schema; returns the parsed body. */
export function expectOk<S extends z.ZodType>(response: ApiResponse, schema: S): z.infer<S> {
  expect(response.status, response.text.slice(0, 500)).toBe(200);
  return expectEnvelope(response.body, schema);
}

/**
 * An error answer: the HTTP status, the body code (status × 100) and, when given, the exact message
 * (a string) or a pattern. Error bodies always carry data: null.
 */
export function expectError(response: ApiResponse, status: number, message?: string | RegExp): void {
  expect(response.status, response.text.slice(0, 500)).toBe(status);
  expect(response.body.code).toBe(status * 100);
  expect(response.body.data).toBeNull();
  expect(typeof response.body.message).toBe('string');
  if (typeof message === 'string') expect(response.body.message).toBe(message);
  else if (message) expect(response.body.message).toMatch(message);
}

/** A client mistake must be a clear 4xx with a Chinese message, never a 5xx. */
export function expectChineseClientError(response: ApiResponse): void {
  expect(response.status, response.text.slice(0, 500)).toBeGreaterThanOrEqual(400);
  expect(response.status, response.text.slice(0, 500)).toBeLessThan(500);
  expect(response.body.code).toBe(response.status * 100);
  expect(response.body.message).toMatch(/\p{Script=Han}/u);
}

export interface TestUser {
  id: number;
  username: string;
  password: string;
  email: string;
  token: string;
}

/** A short random suffix: usernames must stay within 3–20 characters. */
export function uniqueSuffix(length = 10): string {
  return randomBytes(16).toString('hex').slice(0, length);
}

/** Logs in through the adapter and returns the user and token (parsed with the contract). */
export async function login(username: string, password: string): Promise<{ id: number; token: string }> {
  const response = await post('/api/user/login', { json: { username, password } });
  const { data } = expectOk(response, loginResponse);
  return { id: data.user.id, token: data.token };
}

/**
 * Registers a unique visitor through POST /api/user/register and logs in through POST /api/user/login.
 * Each registration comes from its own address: the adapter allows 20 per hour and address.
 */
export async function newUser(prefix = 't'): Promise<TestUser> {
  const username = `${prefix}_${uniqueSuffix(10)}`.slice(0, 20);
  const password = `pw-${uniqueSuffix(8)}`;
  const email = `${username}@example.com`;
  const registered = await post('/api/user/register', { json: { username, password, email }, ip: randomIp() });
  const { data } = expectOk(registered, registerResponse);
  expect(data.username).toBe(username);
  const session = await login(username, password);
  expect(session.id).toBe(data.id);
  return { id: data.id, username, password, email, token: session.token };
}

/** The demo visitor every stack has (./portal seeds it): a second, existing account for abuse cases. */
export const DEMO = { username: 'demo', password: 'feiyi2026' } as const;

/** Polls until `check` returns a value that is not undefined (e.g. a snapshot that reloads in the background). */
export async function eventually<T>(check: () => Promise<T | undefined>, { timeoutMs = 15_000, intervalMs = 250 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A PNG chunk: length, type, data and the CRC over type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A valid PNG built in the test: signature, IHDR (RGB, 8 bit), zlib-compressed rows and IEND. */
export function tinyPng(width = 2, height = 2): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0xc0)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A complete 2×2 baseline JPEG (quality 50), small enough to keep inline. */
export function tinyJpeg(): Uint8Array {
  return Buffer.from(
    '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCOACqH/9k=',
    'base64',
  );
}

/** multipart/form-data with one file part. */
export function fileForm(bytes: Uint8Array, filename: string, type: string, field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return form;
}

/**
 * A visitor registered directly in Strapi (users-permissions), for tests that need many accounts at
 * once (50 parallel buyers): the adapter's own registration is rate-limited per address. The JWT
 * Strapi returns is the same kind the adapter's login answers.
 */
export async function cmsUser(prefix = 'c'): Promise<TestUser> {
  const username = `${prefix}_${uniqueSuffix(12)}`.slice(0, 20);
  const password = `pw-${uniqueSuffix(8)}`;
  const email = `${username}@example.com`;
  const response = await fetch(`${testEnv.cmsUrl}/api/auth/local/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email, password }),
  });
  if (response.status !== 200) throw new Error(`CMS register failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { jwt: string; user: { id: number } };
  return { id: body.user.id, username, password, email, token: body.jwt };
}

/** A users-permissions style token ({ id }, HS256) signed with `secret`, expiring at `expiresAt` (seconds). */
export async function signToken(id: number, options: { secret?: string; expiresAt?: number; issuedAt?: number } = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ id })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(options.issuedAt ?? now)
    .setExpirationTime(options.expiresAt ?? now + 3600)
    .sign(new TextEncoder().encode(options.secret ?? testEnv.jwtSecret));
}

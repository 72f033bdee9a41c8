import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import '@feiyi/contract';
import { get } from '../support/api.ts';

/** The served document, as third-party tools and generated clients read it. */
let source: string;
let document: {
  openapi: string;
  paths: Record<string, Record<string, { operationId?: string; summary?: string; tags?: string[] }>>;
  components: { schemas: Record<string, unknown> };
};

beforeAll(async () => {
  const response = await get('/api/docs/openapi.json');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/json');
  source = response.text;
  document = JSON.parse(source) as typeof document;
});

/** A new copy for each validator: swagger-parser resolves references in place. */
const fresh = () => JSON.parse(source) as Exclude<Parameters<SwaggerParser['validate']>[0], string>;

describe('GET /api/docs/openapi.json', () => {
  it('is valid OpenAPI 3.1 for swagger-parser: validated and fully dereferenced', async () => {
    expect(document.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(fresh())).resolves.toBeTruthy();
    const dereferenced = JSON.stringify(await SwaggerParser.dereference(fresh(), { dereference: { circular: 'ignore' } }));
    expect(dereferenced).not.toContain('"$ref"');
  });

  it("passes Redocly's recommended rules with no error and only the warnings we accept", async () => {
    const problems = await lintFromString({
      source,
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const summary = problems.map((problem) => `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer ?? ''}`).sort();
    expect(summary.filter((line) => line.startsWith('error'))).toEqual([]);
    expect(summary).toEqual([
      // No licence has been chosen for the project yet.
      'warn info-license #/info',
      // Paths clients already call: /api/province/code/{code} and /api/province/{id}/… share a shape.
      'warn no-ambiguous-paths #/paths/~1api~1province~1{id}~1cultures',
      'warn no-ambiguous-paths #/paths/~1api~1province~1{id}~1types',
      // None can answer a client error: the health checks take no input, logout always succeeds.
      'warn operation-4xx-response #/paths/~1api~1health/get/responses',
      'warn operation-4xx-response #/paths/~1api~1health~1ready/get/responses',
      'warn operation-4xx-response #/paths/~1api~1user~1logout/post/responses',
    ]);
  });

  it('defines every schema the contract names, as the component its operations refer to', () => {
    const named = Object.keys(z.toJSONSchema(z.globalRegistry, { unrepresentable: 'any' }).schemas);
    expect(named).toEqual(expect.arrayContaining(['User', 'CultureItem', 'Order', 'ErrorBody']));
    const components = Object.keys(document.components.schemas);
    for (const id of named)
      expect(
        components.filter((name) => name === id || name === `${id}Input`),
        id,
      ).not.toEqual([]);
    expect(JSON.stringify(document.paths)).toContain('"$ref":"#/components/schemas/CultureItem"');
  });

  it('gives every operation a unique operationId, a Chinese summary and a tag', () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ call: `${method.toUpperCase()} ${path}`, ...operation })),
    );
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    for (const operation of operations) {
      expect(operation.operationId, operation.call).toMatch(/^(get|post|put|delete)[A-Z]\w+$/);
      expect(operation.summary, operation.call).toMatch(/\p{Script=Han}/u);
      expect(operation.tags?.[0], operation.call).toMatch(/\p{Script=Han}/u);
    }
    expect(document.paths['/api/culture/{id}']?.get?.operationId).toBe('getCultureById');
  });
});

/** `METHOD /path` with every path parameter written `{}`, so `{id}`, `{collectionId}` and `{id 或 slug}` compare equal. */
const callKey = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, '{}')}`;

/**
 * The calls clients make by these exact paths, all under `/api` (also those first named without it, as the README
 * says). The calls known only by their purpose are the README's designed calls (below).
 */
const SPEC_CALLS = [
  'POST /api/user/login',
  'POST /api/user/register',
  'POST /api/upload/avatar',
  'GET /api/user/info',
  'GET /api/culture/search',
  'GET /api/culture/page',
  'GET /api/culture/{id}',
  'GET /api/culture/hot',
  'GET /api/culture/latest',
  'GET /api/province/{id}',
  'GET /api/province/code/{code}',
  'GET /api/province/{id}/types',
  'GET /api/province/{id}/cultures',
  'GET /api/product/page',
  'GET /api/product/{id}',
  'POST /api/order',
  'POST /api/orders/create',
  'POST /api/orders/{id}/mock-pay',
  'POST /api/payment/mock/{id}',
  'POST /api/profile/browse-history',
  'POST /api/profile/browse-history/batch',
  'GET /api/collection/check',
  'POST /api/collection',
  'DELETE /api/collection',
  'GET /api/inheritor/category/{categoryId}',
  'GET /api/inheritor/follow/status/{id}',
  'POST /api/inheritor/follow/{id}',
  'POST /api/inheritor/unfollow/{id}',
  'GET /api/inheritor/follows/count',
  'GET /api/profile/follows/inheritors',
  'GET /api/policy/list',
  'GET /api/collection/list',
  'GET /api/heritage/{id}',
  'GET /api/news/{id}',
  'GET /api/profile/browse-history',
  'GET /api/order/list',
  'GET /api/order/{id}',
  'GET /api/achievements/user/{userId}',
  'POST /api/achievements/check',
  'POST /api/donations/donate',
  'POST /api/upload/update-avatar',
];

/**
 * The README's table of the calls known only by their purpose (after "规格只说了用途…"), row by row:
 * each cell lists `METHOD /path` in backticks, and a path without a method takes the one before it.
 */
function readmeDesignedCalls(): { purpose: string; calls: string[] }[] {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const lines = readme.slice(readme.indexOf('规格只说了用途')).split('\n');
  const header = lines.findIndex((line) => /^\|\s*用途\s*\|/.test(line));
  const end = lines.findIndex((line, index) => index > header && !line.startsWith('|'));
  return lines.slice(header + 2, end).map((row) => {
    const [, purpose = '', cell = ''] = row.split('|').map((part) => part.trim());
    let method = '';
    const calls: string[] = [];
    for (const [, code] of cell.matchAll(/`([^`]+)`/g)) {
      const match = /^(?:(GET|POST|PUT|DELETE)\s+)?(\/(?:[^\s?{]|\{[^}]*\})+)/.exec(code!);
      if (!match) continue; // a body such as `{status: 1, paymentMethod}`
      method = match[1] ?? method;
      calls.push(`${method} ${match[2]}`);
    }
    return { purpose, calls };
  });
}

describe('the calls of the spec and the README', () => {
  it('reads every row of the README table as calls with their methods', () => {
    const rows = readmeDesignedCalls();
    expect(rows.map((row) => row.purpose)).toContain('扫码支付完成后更新支付状态');
    for (const row of rows) {
      expect(row.calls, row.purpose).not.toEqual([]);
      for (const call of row.calls) expect(call, row.purpose).toMatch(/^(GET|POST|PUT|DELETE) \/api\//);
    }
    const calls = rows.flatMap((row) => row.calls);
    expect(calls).toEqual(
      expect.arrayContaining([
        'PUT /api/order/{id}/payment-status',
        'PUT /api/user/background',
        'GET /api/heritage/{id 或 slug}',
        'GET /api/inheritor/{id}',
      ]),
    );
  });

  it('documents every one of them with its method', () => {
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => callKey(method, path))),
    );
    const missing = [...SPEC_CALLS, ...readmeDesignedCalls().flatMap((row) => row.calls)].filter((call) => {
      const space = call.indexOf(' ');
      return !documented.has(callKey(call.slice(0, space), call.slice(space + 1)));
    });
    expect(missing).toEqual([]);
  });

  it('leaves the internal CMS callback out', () => {
    expect(Object.keys(document.paths)).not.toContain('/api/internal/cms-events');
  });
});

describe('GET /api/docs', () => {
  it('serves the reference page with a policy that keeps every request on our origin', async () => {
    const page = await get('/api/docs/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("font-src 'self' data:");
    expect(policy).toContain("connect-src 'self'");
  });
});

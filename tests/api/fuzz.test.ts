import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { culturePageResponse, productPageResponse, uploadResponse, workshopsResponse } from '@feiyi/contract';
import { cmsEventBody, siteReadsBody } from '@feiyi/contract/internal';
import * as MESSAGES from '@feiyi/contract/messages';
import { siteBuildStatus, type SiteBuildStatus } from '@feiyi/contract/site-build';
import { AVATAR_UPLOAD, PROFILE_IMAGE_UPLOAD, type UploadRule } from '@feiyi/contract/upload-rules';
import { DEMO, eventually, expectOk, get, login, newUser, post, type TestUser, tinyJpeg, tinyPng } from '../support/api.ts';
import { openSnapshots, sql, type DatabaseSnapshot } from '../support/database.ts';
import { testEnv } from '../support/env.ts';
import { cacheStats, contentFingerprint, everyInstanceFollowsTheCms } from '../support/instances.ts';

/**
 * Bad input at scale: every operation of the adapter's own OpenAPI document (a new route is covered
 * without a change here) gets requests built from its declared schemas, anonymous and with a real
 * visitor's token:
 *   - requests that break the schema (wrong types, missing fields, numbers out of range, strings too
 *     long, malformed JSON, wrong content types) must be refused with a 4xx;
 *   - well-formed requests with hostile values (huge and negative numbers, other visitors' ids, SQL,
 *     HTML, `__proto__`, unicode edge cases, NUL) may succeed or be refused.
 * Either way never a 5xx; a refusal is the `{ code, message, data: null }` envelope with a Chinese message,
 * and changes no row of any table (compared before and after each request).
 * The internal calls (the CMS's change reports, the site builder's), left out of the document, get the same from their
 * contract schemas, without the shared secret, with a wrong one and with the right one; none of them reloads a cache or
 * changes the site build status unless it is the builder's own valid report. The uploads get multipart bodies the
 * document cannot describe: refused ones store no file and add no file record.
 *
 * Deterministic: each operation's seed is derived from FUZZ_SEED and its operationId. On failure fast-check
 * prints the seed and path of the counterexample; replay it with
 *   FUZZ_SEED=<base seed> ./portal test --only integration --filter tests/api/fuzz
 * (the base seed is printed in the failure, beside the operation's own seed). FUZZ_RUNS changes the runs per operation;
 * FUZZ_LOG=<file> appends every request's status, operation, description and answer to the file.
 */
const BASE_SEED = Number(process.env.FUZZ_SEED ?? 25);
// Each request costs two snapshots of every table besides itself; PostgreSQL behind nginx (the scale profile) is the slower.
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? (testEnv.db === 'postgres' ? 6 : 8));

// ---------------------------------------------------------------------------------------------
// The document: operations, their parameters and bodies, with $refs resolved.

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  id: string;
  method: string;
  path: string;
  /** Who may call it: anyone, a visitor with a bearer token (from the document's security), or the CMS and the site builder. */
  caller: 'anyone' | 'visitor' | 'internal';
  parameters: Parameter[];
  /** The JSON body it declares (uploads declare none: their multipart body is outside the document). */
  body?: { type: 'json'; schema: JsonSchema; required: boolean };
}

interface OpenApiOperation {
  operationId: string;
  parameters?: Parameter[];
  security?: Array<Record<string, string[]>>;
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
}

const documentResponse = await fetch(new URL('/api/docs/openapi.json', testEnv.webUrl));
const document = (await documentResponse.json()) as {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

function resolve(schema: JsonSchema | undefined): JsonSchema {
  let current = schema ?? {};
  while (current.$ref) current = document.components?.schemas?.[current.$ref.split('/').pop()!] ?? {};
  if (current.allOf)
    return current.allOf.map(resolve).reduce((merged, part) => mergeObjects(merged, part), { ...current, allOf: undefined });
  return current;
}

function mergeObjects(a: JsonSchema, b: JsonSchema): JsonSchema {
  return {
    ...a,
    ...b,
    properties: { ...a.properties, ...b.properties },
    required: [...(a.required ?? []), ...(b.required ?? [])],
  };
}

const HTTP_METHODS = ['get', 'post', 'put', 'delete', 'patch'];
const operations: Operation[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods)
    .filter(([method]) => HTTP_METHODS.includes(method))
    .map(([method, op]) => {
      const content = op.requestBody?.content ?? {};
      const json = content['application/json'];
      return {
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        caller:
          (op.security ?? []).length > 0 && !(op.security ?? []).some((requirement) => Object.keys(requirement).length === 0)
            ? ('visitor' as const)
            : ('anyone' as const),
        parameters: (op.parameters ?? []).map((parameter) => ({ ...parameter, schema: resolve(parameter.schema) })),
        body: json ? { type: 'json' as const, schema: resolve(json.schema), required: op.requestBody?.required ?? false } : undefined,
      };
    }),
);

/**
 * The internal calls, left out of the document (hide: true), with the shared webhook secret in `x-webhook-secret`: their
 * bodies come from the contract. api-adapter/src/auth/route-auth.test.ts lists the adapter's webhook routes: a new one
 * belongs here too.
 */
const INTERNAL_CALLS: Array<{ method: string; path: string; body?: z.ZodType }> = [
  { method: 'GET', path: '/api/internal/cache-stats' },
  { method: 'POST', path: '/api/internal/site-reads', body: siteReadsBody },
  { method: 'POST', path: '/api/internal/cms-events', body: cmsEventBody },
  { method: 'GET', path: '/api/internal/site-build' },
  { method: 'PUT', path: '/api/internal/site-build', body: siteBuildStatus },
];
const internalOperations: Operation[] = INTERNAL_CALLS.map(({ method, path: callPath, body }) => ({
  id: `internal ${method} ${callPath}`,
  method,
  path: callPath,
  caller: 'internal',
  parameters: [],
  body: body ? { type: 'json', schema: z.toJSONSchema(body, { io: 'input' }) as JsonSchema, required: true } : undefined,
}));

// ---------------------------------------------------------------------------------------------
// Values: hostile ones a schema accepts, and ones it must refuse.

/** Inserted into a JSON text as a bare number token that JSON.stringify cannot write (1e400 parses to Infinity). */
const RAW_NUMBER = '\u0001raw-number:';
const RAW_NUMBERS = ['1e400', '-1e400', '1e-400', '123456789012345678901234567890', '-0', '9007199254740993', '2147483648'];

const HOSTILE_STRINGS = [
  "' OR '1'='1",
  '1; DROP TABLE orders; --',
  "1' UNION SELECT password FROM up_users --",
  '"; DELETE FROM favourites WHERE "1"="1',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(document.cookie)>',
  '{{7*7}}${7*7}<%= 7*7 %>',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '\u0000',
  'a\u0000b',
  '\u202Eتسجيل\u202C',
  'مرحبا بالعالم',
  '\u200B\u200D\uFEFF',
  '👨‍👩‍👧‍👦🀄️🧧',
  '𠀀𪚥𰻞',
  'ｆｕｌｌ　ｗｉｄｔｈ',
  '\uD800',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x7fffffff',
  'true',
  '[]',
  '{}',
  ' ',
  '\t\n\r',
  '张三',
  '13800138000',
  '11010519491231002X',
  'a'.repeat(10_000),
  '长'.repeat(3_000),
];

/** ASCII-only hostile values for headers (fetch refuses anything else in a header). */
const HOSTILE_HEADER_VALUES = ["' OR '1'='1", '__proto__', 'constructor', '<script>', 'x'.repeat(300), '../..', '0', '-1'];

interface Context {
  /** Integers a request may carry as ids: nonexistent, boundary, and other visitors' real ones. */
  ids: number[];
  /** Whether the operation moves stock or seats: it never gets the id of a product or workshop other tests buy. */
  touchesStock: boolean;
}

const hostileString = (schema: JsonSchema): fc.Arbitrary<string> => {
  const generated = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 30 }));
  const pool = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) }, { weight: 1, arbitrary: generated });
  // A pattern of an internal call (the site renderer's keys start with /api/): strings it takes, whatever follows.
  if (schema.pattern !== undefined && schema.maxLength === undefined)
    return fc.oneof(pool, fc.stringMatching(new RegExp(schema.pattern, 'u'), { size: 'small' }));
  if (schema.maxLength === undefined && schema.minLength === undefined) return pool;
  // Strings that fit the declared length are more likely to get past validation and into the handler.
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 60, 60));
  const fitting = HOSTILE_STRINGS.filter((value) => value.length >= minLength && value.length <= maxLength);
  return fc.oneof(
    pool,
    fc.string({ unit: 'grapheme-composite', minLength, maxLength }),
    ...(fitting.length > 0 ? [fc.constantFrom(...fitting)] : []),
  );
};

/**
 * Integers: mostly ones inside the declared range (other visitors' ids, boundaries), so the request gets past
 * validation into the handler; then raw tokens (1e400) and any integer at all.
 */
function hostileInteger(schema: JsonSchema, context: Context): fc.Arbitrary<unknown> {
  const min = schema.minimum ?? -Infinity;
  const max = schema.maximum ?? Infinity;
  const inRange = [...new Set([...context.ids, min, max])].filter((id) => Number.isSafeInteger(id) && id >= min && id <= max);
  const inRangeIds = context.touchesStock ? inRange.filter((id) => context.ids.includes(id)) : inRange;
  return fc.oneof(
    ...(inRangeIds.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...inRangeIds) }] : []),
    { weight: 2, arbitrary: fc.constantFrom(...context.ids) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_NUMBERS.map((raw) => `${RAW_NUMBER}${raw}`)) },
    { weight: 1, arbitrary: context.touchesStock ? fc.integer({ min: 1_000_000 }) : fc.integer() },
    { weight: 1, arbitrary: fc.integer({ min: -(2 ** 31), max: 0 }) },
  );
}

function typesOf(schema: JsonSchema): string[] {
  if (schema.type) return Array.isArray(schema.type) ? schema.type : [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

/** A value of the declared shape, filled with hostile content. */
function hostile(schemaIn: JsonSchema | undefined, context: Context, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(schemaIn);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => hostile(branch, context, depth + 1)));
  const types = typesOf(schema);
  if (types.length === 0) return depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'integer':
          return hostileInteger(schema, context);
        case 'number':
          return fc.oneof(hostileInteger(schema, context), fc.double({ noNaN: true, noDefaultInfinity: true }));
        case 'string':
          return hostileString(schema);
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array':
          return depth > 3 ? fc.constant([]) : fc.array(hostile(schema.items, context, depth + 1), { maxLength: 4 });
        case 'object':
          return depth > 3 ? fc.constant({}) : hostileObject(schema, context, depth);
        default:
          return fc.constant(null);
      }
    }),
  );
}

const JUNK_KEYS = ['__proto__', 'constructor', 'prototype', 'userId', 'id', 'status', 'price', 'role', 'isAdmin', '$where', ''];

function hostileObject(schema: JsonSchema, context: Context, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const fields = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, hostile(value, context, depth + 1)]));
  const known = fc.record(fields, { requiredKeys: [...required].filter((key) => key in properties) });
  const junk = fc.dictionary(fc.constantFrom(...JUNK_KEYS), fc.oneof(fc.jsonValue({ maxDepth: 1 }), hostileInteger({}, context)), {
    maxKeys: 2,
  });
  return fc
    .tuple(known, fc.option(junk, { freq: 3 }))
    .map(([value, extra]) => (extra ? Object.assign(Object.create(null) as object, extra, value) : value) as Record<string, unknown>);
}

/** Values of the wrong JSON type for a schema whose types are `types`, none of which zod's coercion turns into a valid one. */
function wrongTypeValues(types: string[], inText: boolean): unknown[] {
  // In a query string or a path everything is text: only a text that is no number can be of the wrong type.
  if (inText) return types.includes('string') ? [] : ['不是数字', '12abc'];
  const candidates: Array<[unknown, string]> = [
    ['不是数字', 'string'],
    [{ nested: '对象' }, 'object'],
    [['x'], 'array'],
    [12.5, 'number'],
    [true, 'boolean'],
    [null, 'null'],
  ];
  // A string schema may coerce; a number schema may coerce a boolean or null to 0/1: leave those out.
  const excluded = new Set(types);
  if (types.includes('number') || types.includes('integer')) excluded.add('boolean').add('null').add('number');
  if (types.includes('string')) excluded.add('number').add('boolean');
  return candidates.filter(([, type]) => !excluded.has(type)).map(([value]) => value);
}

const oneOfValues = (values: unknown[], how: string): Array<fc.Arbitrary<Broken>> =>
  values.length > 0 ? [fc.constantFrom(...values).map((value) => ({ value, how }))] : [];

interface Broken {
  value: unknown;
  /** What was broken, for the failure message. */
  how: string;
}

/** Values the schema refuses, each with what is wrong with it; undefined when nothing certain can be broken. */
function violations(schemaIn: JsonSchema | undefined, context: Context, depth = 0, inText = false): fc.Arbitrary<Broken> | undefined {
  const schema = resolve(schemaIn);
  const options: Array<fc.Arbitrary<Broken>> = [];
  const types = typesOf(schema);
  const branches = schema.anyOf ?? schema.oneOf;
  if (schema.enum || schema.const !== undefined) {
    const allowed = schema.enum ?? [schema.const];
    const outside = ['不在列表中', 987_654, { x: 1 }].filter((value) => !allowed.includes(value));
    options.push(...oneOfValues(outside, 'not one of the listed values'));
  } else if (branches) {
    const branchTypes = branches.flatMap((branch) => typesOf(resolve(branch)));
    if (branchTypes.length > 0 && branches.every((branch) => typesOf(resolve(branch)).length > 0)) {
      options.push(...oneOfValues(wrongTypeValues(branchTypes, inText), 'wrong type for every branch'));
    }
  } else if (types.length > 0) {
    options.push(...oneOfValues(wrongTypeValues(types, inText), `wrong type (${types.join('|')} expected)`));
    if (types.includes('integer') && !types.includes('number')) options.push(fc.constant({ value: 1.5, how: 'not an integer' }));
    if (schema.minimum !== undefined) options.push(fc.constant({ value: schema.minimum - 1, how: `below the minimum ${schema.minimum}` }));
    if (schema.maximum !== undefined) options.push(fc.constant({ value: schema.maximum + 1, how: `above the maximum ${schema.maximum}` }));
    if (schema.pattern !== undefined && types.includes('string')) {
      const pattern = new RegExp(schema.pattern, 'u');
      const outside = HOSTILE_STRINGS.filter((value) => !pattern.test(value));
      options.push(...oneOfValues(outside, `not matching ${schema.pattern}`));
    }
    if (schema.maxLength !== undefined && types.includes('string')) {
      options.push(fc.constant({ value: '长'.repeat(schema.maxLength + 1), how: `longer than ${schema.maxLength}` }));
    }
    if ((schema.minItems ?? 0) > 0) options.push(fc.constant({ value: [], how: 'an empty list' }));
    // A list longer than that (the site renderer's 50,000 keys) would be a test of the body limit, which a client cannot
    // check by sending: the server answers 413 from the length header and closes the connection while it writes (EPIPE).
    if (schema.maxItems !== undefined && schema.maxItems <= 1000 && schema.items && depth < 3) {
      const item = hostile(schema.items, context, depth + 1);
      options.push(
        fc.array(item, { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 1 }).map((value) => ({
          value,
          how: `more than ${schema.maxItems} items`,
        })),
      );
    }
    if (types.includes('array') && schema.items && depth < 3) {
      const inner = violations(schema.items, context, depth + 1);
      if (inner) {
        options.push(
          fc.tuple(inner, fc.array(hostile(schema.items, context, depth + 1), { maxLength: 2 })).map(([broken, rest]) => ({
            value: [...rest, broken.value],
            how: `an item: ${broken.how}`,
          })),
        );
      }
    }
    if (types.includes('object') && depth < 3) {
      const object = hostileObject(schema, context, depth);
      const properties = schema.properties ?? {};
      for (const key of schema.required ?? []) {
        options.push(
          object.map((value) => {
            const { [key]: _dropped, ...rest } = value;
            return { value: rest, how: `missing ${key}` };
          }),
        );
      }
      for (const [key, property] of Object.entries(properties)) {
        const inner = violations(property, context, depth + 1);
        if (inner) {
          options.push(
            fc.tuple(object, inner).map(([value, broken]) => ({ value: { ...value, [key]: broken.value }, how: `${key}: ${broken.how}` })),
          );
        }
      }
    }
  }
  return options.length > 0 ? fc.oneof(...options) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Requests.

type UnexpectedBody = { kind: 'json'; value: unknown } | { kind: 'file'; content: string; type: string; name: string };

interface FuzzRequest {
  method: string;
  path: string;
  query: Array<[string, string]>;
  headers: Record<string, string>;
  body?: string | FormData | Uint8Array;
  /** The request breaks the schema (or comes from a caller the route refuses): it must be refused. */
  mustRefuse: boolean;
  /** The refusal the route defines for it, when there is one only. */
  refusal?: { status: number; message?: string };
  /** The request is well-formed in every way: it must succeed. */
  mustAccept?: boolean;
  /** What the request is, for the failure message. */
  what: string;
}

/** A query or path value as text: strings as they are, numbers (raw ones too) as written, the rest as JSON. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value.startsWith(RAW_NUMBER) ? value.slice(RAW_NUMBER.length) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

/** JSON text with the raw number markers written as bare number tokens. */
function jsonText(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.replace(new RegExp(`"${RAW_NUMBER.replace('\u0001', '\\\\u0001')}([^"]*)"`, 'g'), '$1');
}

const MALFORMED_JSON = [
  '{',
  '{"a":1,}',
  "{'a': 1}",
  'undefined',
  '[1,2',
  '{"a":"\\x"}',
  '\u0000',
  '{"__proto__":{"isAdmin":true}}',
  '{"a":1}{"b":2}',
];

/**
 * A path segment as sent: '.' and '..' would be resolved away and an empty one would change the route, so they
 * get a letter; a lone surrogate (no UTF-8 for it) goes as the bytes of one, which are not valid UTF-8.
 */
const pathSegment = (value: unknown) => {
  const text = asText(value);
  const segment = text === '' || /^\.{1,2}$/.test(text) ? `${text}x` : text;
  return segment
    .split(/([\uD800-\uDFFF])/u)
    .map((part) => (/^[\uD800-\uDFFF]$/u.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
};

type Caller = 'anonymous' | 'user' | 'junk token' | 'secret' | 'no secret' | 'wrong secret' | 'secret as a token';

/** Secrets an internal caller may guess: near misses of the real one (a byte short, one more, rotated) and junk. */
function wrongSecrets(): string[] {
  const secret = testEnv.webhookSecret;
  return [
    secret.slice(0, -1),
    `${secret}0`,
    `${secret.slice(1)}${secret[0]}`,
    secret.toUpperCase() === secret ? `${secret.slice(0, -1)}g` : secret.toUpperCase(),
    'x'.repeat(secret.length),
    '',
    ...HOSTILE_HEADER_VALUES,
  ].filter((guess) => guess !== secret);
}

function requestArbitrary(operation: Operation, context: Context, user: TestUser, mode: 'refused' | 'hostile'): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const hostileParameters = fc.record(
    Object.fromEntries(operation.parameters.map((parameter) => [`${parameter.in}:${parameter.name}`, hostile(parameter.schema, context)])),
    { requiredKeys: operation.parameters.filter((parameter) => parameter.in === 'path').map((p) => `path:${p.name}`) },
  );
  const auth: fc.Arbitrary<Caller> =
    operation.caller === 'internal'
      ? fc.constantFrom<Caller>('secret', 'secret', 'secret', 'secret', 'no secret', 'wrong secret', 'secret as a token')
      : operation.caller === 'visitor'
        ? fc.constantFrom<Caller>('user', 'user', 'user', 'anonymous', 'junk token')
        : fc.constantFrom<Caller>('anonymous', 'user');
  const wrongSecret = fc.constantFrom(...wrongSecrets());
  const ip = fc.tuple(fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 254 })).map(([a, b, c]) => `10.${a}.${b}.${c}`);
  // Not on internal calls: a query too long for the server's header limit is refused before routing, where the secret is
  // checked (a 400, not the route's 401), and they read no query.
  const junkQuery =
    operation.caller === 'internal'
      ? fc.constant(null)
      : fc.option(fc.tuple(fc.constantFrom(...JUNK_KEYS.filter(Boolean), 'userId', 'page'), fc.constantFrom(...HOSTILE_STRINGS)), {
          freq: 3,
        });
  const idempotencyKey = fc.option(fc.constantFrom(...HOSTILE_HEADER_VALUES), { freq: 4 });

  // How the schema is broken in a refused request: a parameter, the body's content, or the body's encoding.
  type Breakage = { parameter?: [string, Broken]; body?: Broken; encoding?: { contentType: string; text: string; how: string } };
  const breakages: Array<fc.Arbitrary<Breakage>> = [];
  for (const parameter of [...pathParameters, ...queryParameters]) {
    const broken = violations(parameter.schema, context, 0, true);
    if (broken) breakages.push(broken.map((b) => ({ parameter: [`${parameter.in}:${parameter.name}`, b] })));
  }
  if (operation.body?.type === 'json') {
    const broken = violations(operation.body.schema, context);
    if (broken) breakages.push(broken.map((body) => ({ body })));
    if (operation.body.required && typesOf(operation.body.schema).includes('object')) {
      breakages.push(
        fc
          .constantFrom(...MALFORMED_JSON)
          .map((text) => ({ encoding: { contentType: 'application/json', text, how: `malformed JSON ${JSON.stringify(text)}` } })),
        fc
          .constantFrom('application/xml', 'application/x-www-form-urlencoded', 'text/csv', 'image/png')
          .map((contentType) => ({ encoding: { contentType, text: 'username=a&password=b', how: `content type ${contentType}` } })),
      );
    }
  }

  // A call that declares no body (an upload, a follow, a payment) may still be sent one: junk JSON or a hostile file.
  const unexpectedBody: fc.Arbitrary<UnexpectedBody | null> =
    operation.body || operation.method === 'GET' || operation.method === 'DELETE'
      ? fc.constant(null)
      : fc.option(
          fc.oneof(
            fc.record({ kind: fc.constant('json' as const), value: fc.jsonValue({ maxDepth: 2 }) }),
            fc.record({
              kind: fc.constant('file' as const),
              content: fc.constantFrom(...HOSTILE_STRINGS.slice(0, 16)),
              type: fc.constantFrom('image/png', 'image/jpeg', 'text/html', 'application/octet-stream'),
              name: fc.constantFrom('a.png', '../../a.jpg', '__proto__', 'a.svg', '头像.png\u0000.exe'),
            }),
          ),
          { freq: 2 },
        );

  const parts = fc.record({
    parameters: hostileParameters,
    body: operation.body?.type === 'json' ? fc.option(hostile(operation.body.schema, context), { freq: 8 }) : fc.constant(null),
    unexpected: unexpectedBody,
    breakage: mode === 'refused' && breakages.length > 0 ? fc.oneof(...breakages) : fc.constant<Breakage | null>(null),
    auth,
    wrongSecret,
    ip,
    junkQuery,
    idempotencyKey,
  });

  return parts.map(
    ({ parameters, body, unexpected, breakage, auth: who, wrongSecret: wrong, ip: address, junkQuery: junk, idempotencyKey: key }) => {
      const values: Record<string, unknown> = { ...parameters };
      if (breakage?.parameter) values[breakage.parameter[0]] = breakage.parameter[1].value;
      let path = operation.path;
      for (const parameter of pathParameters) {
        path = path.replace(`{${parameter.name}}`, pathSegment(values[`path:${parameter.name}`]));
      }
      const query: Array<[string, string]> = queryParameters
        .filter((parameter) => values[`query:${parameter.name}`] !== undefined)
        .map((parameter) => [parameter.name, asText(values[`query:${parameter.name}`])]);
      if (junk && !breakage) query.push(junk);
      const headers: Record<string, string> = { 'x-forwarded-for': address };
      if (who === 'user') headers.authorization = `Bearer ${user.token}`;
      if (who === 'junk token') headers.authorization = `Bearer ${user.token.slice(0, -4)}AAAA`;
      if (who === 'secret') headers['x-webhook-secret'] = testEnv.webhookSecret;
      if (who === 'wrong secret') headers['x-webhook-secret'] = wrong;
      if (who === 'secret as a token') headers.authorization = `Bearer ${testEnv.webhookSecret}`;
      // An internal call without the secret is refused before its body is read, whatever the body.
      const refusedCaller = who === 'no secret' || who === 'wrong secret' || who === 'secret as a token';
      if (key && operation.method !== 'GET') headers['idempotency-key'] = key;
      let requestBody: string | FormData | undefined;
      if (breakage?.encoding) {
        headers['content-type'] = breakage.encoding.contentType;
        requestBody = breakage.encoding.text;
      } else if (operation.body?.type === 'json') {
        const content = breakage?.body ? breakage.body.value : body;
        if (content !== null || breakage?.body) {
          headers['content-type'] = 'application/json';
          requestBody = jsonText(content);
        }
      } else if (unexpected?.kind === 'json') {
        headers['content-type'] = 'application/json';
        requestBody = jsonText(unexpected.value);
      } else if (unexpected?.kind === 'file') {
        const form = new FormData();
        form.append('file', new Blob([unexpected.content], { type: unexpected.type }), unexpected.name);
        requestBody = form;
      }
      const how = breakage?.parameter
        ? `${breakage.parameter[0]}: ${breakage.parameter[1].how}`
        : (breakage?.body?.how ?? breakage?.encoding?.how);
      return {
        method: operation.method,
        path,
        query,
        headers,
        body: requestBody,
        mustRefuse: breakage !== null || refusedCaller,
        refusal: refusedCaller ? { status: 401, message: MESSAGES.api.webhookRefused } : undefined,
        what: `${operation.method} ${path} as ${who === 'wrong secret' ? `${who} ${JSON.stringify(wrong.slice(0, 40))}` : who}${how ? ` — ${how}` : ''}`,
      };
    },
  );
}

// ---------------------------------------------------------------------------------------------
// The properties.

/**
 * English a Chinese message may contain: the names of the call's own fields and listed values ('page 不能小于 1',
 * '支付方式只能是 alipay 或 wechat'), a plain word the visitor sent and the message names back
 * ('不支持的浏览类型：video'), and a few names of formats.
 */
const FORMAT_NAMES = ['JSON', 'JPG', 'JPEG', 'PNG', 'WebP', 'GIF', 'MB', 'ISO', 'URL', 'ID', 'Idempotency', 'Key'];

function namesIn(schemaIn: JsonSchema | undefined, found = new Set<string>(), depth = 0): Set<string> {
  const schema = resolve(schemaIn);
  if (depth > 6) return found;
  for (const value of schema.enum ?? []) if (typeof value === 'string') found.add(value);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    found.add(name);
    namesIn(property, found, depth + 1);
  }
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.items ? [schema.items] : [])])
    namesIn(branch, found, depth + 1);
  return found;
}

function englishOutOfPlace(message: string, operation: Operation, request: FuzzRequest): string[] {
  const allowed = new Set([
    ...FORMAT_NAMES,
    ...operation.parameters.flatMap((parameter) => [parameter.name, ...namesIn(parameter.schema)]),
    ...namesIn(operation.body?.schema),
  ]);
  const sent = `${request.path} ${request.query.flat().join(' ')} ${typeof request.body === 'string' ? request.body : ''}`;
  return (message.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !allowed.has(word) && !sent.includes(word));
}

async function send(request: FuzzRequest) {
  const url = new URL(request.path, testEnv.webUrl);
  for (const [key, value] of request.query) url.searchParams.append(key, value);
  const response = await fetch(url, {
    method: request.method,
    headers: request.headers,
    // A fresh copy of the bytes: fetch takes an ArrayBuffer-backed view, not any Uint8Array.
    body: request.body instanceof Uint8Array ? new Uint8Array(request.body) : request.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  let body: { code?: unknown; message?: unknown; data?: unknown } | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = undefined;
  }
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, body };
}

let user: TestUser;
let snapshots: Awaited<ReturnType<typeof openSnapshots>>;
const context = { ids: [] as number[], stockIds: new Set<number>() };

beforeAll(async () => {
  user = await newUser('fuzz');
  // Another visitor with data of their own: their ids are what a hostile request reaches for.
  const other = await newUser('fuzzo');
  const demo = await login(DEMO.username, DEMO.password);
  const cultures = expectOk(await get('/api/culture/page', { query: { size: 3 } }), culturePageResponse).data.page.records;
  expect((await post('/api/collection', { token: other.token, query: { type: 'culture', targetId: cultures[0]!.id } })).status).toBe(200);
  // Ids that move stock or seats: products other tests count on and every workshop.
  const products = [];
  for (let page = 1, pages = 1; page <= pages; page++) {
    const { data } = expectOk(await get('/api/product/page', { query: { page, size: 36 } }), productPageResponse);
    products.push(...data.page.records);
    pages = data.page.pages;
  }
  const { workshops } = expectOk(await get('/api/workshops'), workshopsResponse).data;
  context.stockIds = new Set([...products.map((product) => product.id), ...workshops.map((workshop) => workshop.id)]);
  context.ids = [
    0,
    -1,
    1,
    2,
    3,
    999_999,
    2_147_483_647,
    2_147_483_648,
    -(2 ** 31),
    Number.MAX_SAFE_INTEGER,
    other.id,
    demo.id,
    user.id,
    ...cultures.map((culture) => culture.id),
  ];
  await noOrderExpiresDuringTheRun();
  snapshots = await openSnapshots();
});

/**
 * The CMS cancels unpaid orders past their hold once a minute (status, stock): one falling due while the fuzz
 * runs would change rows under it. Orders of earlier tests due in the next minutes are made due now, and the
 * run starts once the CMS has cancelled them.
 */
async function noOrderExpiresDuringTheRun() {
  const instant = (ms: number) => (testEnv.db === 'postgres' ? new Date(ms).toISOString() : ms);
  await sql('UPDATE orders SET expires_at = ? WHERE status = 0 AND expires_at < ?', [
    instant(Date.now() - 1000),
    instant(Date.now() + 10 * 60_000),
  ]);
  await eventually(
    async () => {
      const [row] = await sql<{ due: number }>('SELECT COUNT(*) AS due FROM orders WHERE status = 0 AND expires_at < ?', [
        instant(Date.now()),
      ]);
      return Number(row!.due) === 0 ? true : undefined;
    },
    { timeoutMs: 150_000, intervalMs: 1_000 },
  );
}

afterAll(async () => {
  await snapshots?.close();
});

/** The operation's own seed: stable when other routes are added or removed. */
const seedOf = (operation: Operation) => createHash('sha256').update(`${BASE_SEED}:${operation.id}`).digest().readInt32BE(0);

/** Operations that sell or book: their requests never name a real product or workshop. */
const touchesStock = (operation: Operation) => operation.method !== 'GET' && /order|workshop|product/.test(operation.path);

function checkAnswer(
  operation: Operation,
  request: FuzzRequest,
  answer: Awaited<ReturnType<typeof send>>,
  before: DatabaseSnapshot,
  after: DatabaseSnapshot,
) {
  const where = `${request.what}\n→ ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, `a 5xx: ${where}`).toBeLessThan(500);
  if (request.mustRefuse) expect(answer.status, `accepted a request that must be refused: ${where}`).toBeGreaterThanOrEqual(400);
  if (request.refusal) expect(answer.status, where).toBe(request.refusal.status);
  if (request.mustAccept) expect(answer.status, `refused a request that must succeed: ${where}`).toBe(200);
  if (answer.status < 400) return;
  expect(answer.contentType, where).toMatch(/^application\/json/);
  expect(answer.body, where).toMatchObject({ code: answer.status * 100, data: null });
  const message = String(answer.body?.message);
  if (request.refusal?.message) expect(message, where).toBe(request.refusal.message);
  expect(message, `not a Chinese message: ${where}`).toMatch(/\p{Script=Han}/u);
  expect(englishOutOfPlace(message, operation, request), `English in the message: ${where}`).toEqual([]);
  const changed = Object.keys(after).filter((key) => after[key] !== before[key]);
  expect(
    changed.map((key) => `${key}: ${before[key]} → ${after[key]}`),
    `a refused request changed the database: ${where}`,
  ).toEqual([]);
}

/**
 * Watches what a request may move besides rows (a cache reload, the site build status, a stored file): called before
 * the request, it answers the check to run after it.
 */
type SideEffects = (request: FuzzRequest) => Promise<(answer: Answer) => Promise<void>>;
type Answer = Awaited<ReturnType<typeof send>>;

/**
 * Sends the requests one after another (the snapshot after one is the snapshot before the next) and checks each answer.
 * endOnFailure: the first counterexample is reported as found (its `what` says what was broken); shrinking would send
 * hundreds more requests.
 */
async function checkRequests(
  operation: Operation,
  arbitrary: fc.Arbitrary<FuzzRequest>,
  { seed, runs, label, sideEffects }: { seed: number; runs: number; label: string; sideEffects?: SideEffects },
): Promise<void> {
  let latest: DatabaseSnapshot | undefined;
  await fc
    .assert(
      fc.asyncProperty(arbitrary, async (request) => {
        const before = latest ?? (await snapshots.take());
        latest = undefined;
        const checkSideEffects = await sideEffects?.(request);
        const answer = await send(request);
        if (process.env.FUZZ_LOG) {
          const line = [answer.status, label, operation.id, request.what.slice(0, 200), answer.text.slice(0, 200)].join('\t');
          appendFileSync(process.env.FUZZ_LOG, `${line}\n`);
        }
        const after = await snapshots.take();
        checkAnswer(operation, request, answer, before, after);
        await checkSideEffects?.(answer);
        latest = after;
      }),
      { seed, numRuns: runs, endOnFailure: true },
    )
    .catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`${message}\nReplay: FUZZ_SEED=${BASE_SEED} FUZZ_RUNS=${RUNS_PER_OPERATION} (${label}: ${operation.id})`, {
        cause: error,
      });
    });
}

describe.each([
  ['refused', 'requests that break the schema are refused with a Chinese 4xx and change nothing'],
  ['hostile', 'well-formed requests with hostile values never fail with a 5xx; refused ones change nothing'],
] as const)('%s', (mode, title) => {
  describe(title, () => {
    it.each(operations.map((operation) => [operation.id, operation] as const))('%s', async (_id, operation) => {
      const ids = touchesStock(operation) ? context.ids.filter((id) => !context.stockIds.has(id)) : context.ids;
      const arbitrary = requestArbitrary(operation, { ids, touchesStock: touchesStock(operation) }, user, mode);
      await checkRequests(operation, arbitrary, {
        seed: seedOf(operation) + (mode === 'refused' ? 0 : 1),
        runs: RUNS_PER_OPERATION,
        label: mode,
      });
    });
  });

  describe(`${title}; internal calls: 401 without the secret, and no reload or site build status moved by any`, () => {
    it.each(internalOperations.map((operation) => [operation.id, operation] as const))('%s', async (_id, operation) => {
      // Settled first: a check that follows stock moved by an earlier test is not this test's doing.
      await everyInstanceFollowsTheCms();
      const published = await contentFingerprint();
      const arbitrary = requestArbitrary(operation, { ids: context.ids, touchesStock: false }, user, mode);
      await checkRequests(operation, arbitrary, {
        seed: seedOf(operation) + (mode === 'refused' ? 0 : 1),
        runs: RUNS_PER_OPERATION,
        label: mode,
        sideEffects: nothingReloaded(operation),
      });
      // Nothing was published meanwhile: the site had nothing to rebuild.
      expect(await contentFingerprint()).toMatchObject({ content: published.content, shop: published.shop });
    });
  });
});

/** What a reload or a rebuild moves: the adapter's loads of public content and the site build status it keeps. */
async function reloadsAndBuild() {
  const [stats, build] = await Promise.all([cacheStats(), siteBuild()]);
  // Not the shop's in-place updates: following stock moved in the CMS (an order expiring) is no reload.
  return { reloads: { loads: stats.loads, contentUpdates: stats.updates.content }, build };
}

const internalHeaders = () => ({ 'x-webhook-secret': testEnv.webhookSecret, 'content-type': 'application/json' });

async function siteBuild(): Promise<SiteBuildStatus> {
  const response = await fetch(new URL('/api/internal/site-build', testEnv.webUrl), { headers: internalHeaders() });
  expect(response.status).toBe(200);
  return siteBuildStatus.parse(((await response.json()) as { data: unknown }).data);
}

/**
 * Only published public content may reload a cache or rebuild the site: no internal call does either by itself (the
 * CMS's change report compares fingerprints, which stay as they are). The site builder's valid report changes the
 * status it reports, and is undone.
 */
const nothingReloaded =
  (operation: Operation): SideEffects =>
  async (request) => {
    const before = await reloadsAndBuild();
    return async (answer) => {
      const after = await reloadsAndBuild();
      expect(after.reloads, `reloaded the cache: ${request.what}`).toEqual(before.reloads);
      if (operation.method === 'PUT' && answer.status < 400) {
        const restored = await fetch(new URL(operation.path, testEnv.webUrl), {
          method: 'PUT',
          headers: internalHeaders(),
          body: JSON.stringify(before.build),
        });
        expect(restored.status).toBe(200);
      } else {
        expect(after.build, `changed the site build status: ${request.what}`).toEqual(before.build);
      }
    };
  };

// ---------------------------------------------------------------------------------------------
// Uploads: multipart bodies, which the document does not describe.

/** The rule each upload route of the document applies (the adapter's upload/routes.ts); a new route needs its own here. */
const UPLOAD_RULES: Record<string, UploadRule> = {
  '/api/upload/avatar': AVATAR_UPLOAD,
  '/api/upload/update-avatar': PROFILE_IMAGE_UPLOAD,
};
const uploadOperations = operations.filter((operation) => operation.path.startsWith('/api/upload/'));

const bytesOf = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));
const textBytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const PNG_SIGNATURE = tinyPng().slice(0, 8);

/** Small real images of each type the rules name, and one none does. */
const IMAGES: Array<{ mime: string; bytes: Uint8Array }> = [
  { mime: 'image/png', bytes: tinyPng() },
  { mime: 'image/jpeg', bytes: tinyJpeg() },
  { mime: 'image/gif', bytes: bytesOf('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7') },
  { mime: 'image/webp', bytes: bytesOf('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==') },
  { mime: 'image/bmp', bytes: bytesOf('Qk06AAAAAAAAADYAAAAoAAAAAQAAAAEAAAABABgAAAAAAAQAAAATCwAAEwsAAAAAAAAAAAAA/wAAAA==') },
];

/** Files that are no image, whatever their name and declared type say. */
const NOT_IMAGES: Uint8Array[] = [
  textBytes('this is not an image, just text pretending to be one\n'),
  textBytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>'),
  textBytes('<!doctype html><html><body><script>alert(1)</script></body></html>'),
  textBytes('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
];

/** Names the adapter must not use: it names stored files itself. */
const HOSTILE_FILENAMES = [
  '../../../etc/passwd.png',
  '..\\..\\windows\\win.ini.png',
  '%2e%2e%2f%2e%2e%2fa.png',
  `${'长'.repeat(300)}.png`,
  `${'a'.repeat(1000)}.jpg`,
  '头像 照片（1）.jpg',
  '\u202Egnp.exe',
  '<img src=x onerror=alert(1)>.png',
  'a.png.exe',
  'a.svg',
  'CON.png',
  '.png',
  '__proto__',
];
/** Control characters in a part's header: a NUL, an escape sequence, and a header injected through the file name. */
const CONTROL_FILENAMES = [
  'a\u0000.png',
  '\u0001\u0007\u001b[31m.png',
  'a.png"\r\nContent-Type: text/html\r\n\r\n<script>alert(1)</script>',
];
const DECLARED_TYPES = [
  'image/png',
  'image/jpeg',
  'image/svg+xml',
  'text/html',
  'text/plain',
  'application/octet-stream',
  'image/png; charset=utf-8',
];
/** Any field name will do (the call takes the one file whatever it is called), except the ones the parser refuses. */
const FIELD_NAMES = ['file', 'avatar', 'files', 'files[]', '头像', 'a'.repeat(300), 'x"; filename="y.png'];
const PROTOTYPE_FIELD_NAMES = ['__proto__', 'constructor', 'hasOwnProperty'];

type UploadPart = { field: string; value: string } | { field: string; filename: string; type: string; bytes: Uint8Array };

/** A multipart body written out byte by byte (FormData would escape what a hostile client does not). */
function multipartBody(parts: UploadPart[], boundary: string): Uint8Array {
  const quoted = (text: string) => text.replace(/"/g, '%22');
  const chunks = parts.flatMap((part) => {
    const head =
      'bytes' in part
        ? `Content-Disposition: form-data; name="${quoted(part.field)}"; filename="${quoted(part.filename)}"\r\nContent-Type: ${part.type}`
        : `Content-Disposition: form-data; name="${quoted(part.field)}"`;
    return [Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`), 'bytes' in part ? part.bytes : Buffer.from(part.value), Buffer.from('\r\n')];
  });
  return new Uint8Array(Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]));
}

/** What an upload must get: a stored image, the route's refusal, any refusal, or anything but a 5xx. */
type UploadOutcome = 'stored' | { status: number; message?: string } | 'refused' | 'not a 5xx';

interface Upload {
  who: 'user' | 'anonymous' | 'junk token';
  parts: UploadPart[];
  /** The body as sent instead of `parts` written out: cut short, or under another content type. */
  raw?: { contentType?: string; bytes: Uint8Array; how: string };
  outcome: UploadOutcome;
}

/** The ways an upload can go wrong (and one that must succeed), each sent several times with other hostile details. */
function uploadCases(rule: UploadRule, caller: Operation['caller']): Array<[string, fc.Arbitrary<Upload>]> {
  const takes = (mime: string) => rule.types.some((type) => type.mime === mime);
  const images = IMAGES.filter((image) => takes(image.mime)).map((image) => image.bytes);
  const otherImages = IMAGES.filter((image) => !takes(image.mime)).map((image) => image.bytes);
  const who: fc.Arbitrary<Upload['who']> = caller === 'visitor' ? fc.constant('user') : fc.constantFrom('anonymous', 'user');
  const file = (contents: Uint8Array[], filenames = HOSTILE_FILENAMES, fields = FIELD_NAMES) =>
    fc.record({
      field: fc.constantFrom(...fields),
      filename: fc.constantFrom(...filenames),
      type: fc.constantFrom(...DECLARED_TYPES),
      bytes: fc.constantFrom(...contents),
    });
  const texts = fc.array(fc.record({ field: fc.constantFrom('note', 'name', '备注'), value: fc.constantFrom(...HOSTILE_STRINGS) }), {
    maxLength: 2,
  });
  const upload = (parts: fc.Arbitrary<UploadPart[]>, outcome: UploadOutcome, sender = who): fc.Arbitrary<Upload> =>
    fc.record({ who: sender, parts }).map((value) => ({ ...value, outcome }));
  const withTexts = (part: fc.Arbitrary<UploadPart>) => fc.tuple(texts, part).map(([fields, one]) => [...fields, one]);
  const missing = { status: 400, message: rule.messages.missing };
  const oversized = new Uint8Array(rule.maxBytes + 1);
  oversized.set(tinyPng());
  const whole = withTexts(file(images));
  const cases: Array<[string, fc.Arbitrary<Upload>]> = [
    ['an image it takes, under a hostile name, field name and declared type: stored under a name of its own', upload(whole, 'stored')],
    [
      'bytes that are no image it takes (text, SVG with a script, HTML, PDF, other image types), whatever the name and type claim',
      upload(withTexts(file([...NOT_IMAGES, ...otherImages])), { status: 415, message: rule.messages.wrongType }),
    ],
    ['an empty file', upload(withTexts(file([new Uint8Array(0)])), missing)],
    ['no file: text fields only', upload(texts, missing)],
    ['one byte over the limit', upload(withTexts(file([oversized])), { status: 413, message: rule.messages.tooLarge })],
    [
      'two files',
      upload(
        fc.tuple(file(images), file([...images, ...NOT_IMAGES])).map((files): UploadPart[] => [...files]),
        { status: 400, message: MESSAGES.upload.oneFileOnly },
      ),
    ],
    [
      'more text fields than the form allows',
      upload(
        fc
          .tuple(fc.constantFrom(...HOSTILE_STRINGS), file(images))
          .map(([value, one]) => [...Array.from({ length: 11 }, (_, i) => ({ field: `f${i}`, value })), one]),
        'refused',
      ),
    ],
    ['a field name the parser refuses', upload(withTexts(file(images, HOSTILE_FILENAMES, PROTOTYPE_FIELD_NAMES)), 'refused')],
    ['control characters and an injected header in the part header', upload(withTexts(file(images, CONTROL_FILENAMES)), 'not a 5xx')],
    [
      'an image signature followed by junk',
      upload(withTexts(file(NOT_IMAGES.map((junk) => new Uint8Array(Buffer.concat([PNG_SIGNATURE, junk]))))), {
        status: 415,
        message: rule.messages.wrongType,
      }),
    ],
    [
      'a body cut short',
      fc.tuple(who, whole, fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })).map(([sender, parts, share]): Upload => {
        const bytes = multipartBody(parts, UPLOAD_BOUNDARY);
        // Anywhere before the closing boundary (what follows it is no part of the form); an empty body is no form at all.
        const cut = Math.max(1, Math.floor((bytes.length - `--${UPLOAD_BOUNDARY}--\r\n`.length) * share));
        return {
          who: sender,
          parts,
          raw: {
            contentType: `multipart/form-data; boundary=${UPLOAD_BOUNDARY}`,
            bytes: bytes.slice(0, cut),
            how: `cut after ${cut} of ${bytes.length} bytes`,
          },
          outcome: { status: 400, message: MESSAGES.upload.incomplete },
        };
      }),
    ],
    [
      'another content type, or a multipart body without its boundary',
      fc
        .tuple(
          who,
          whole,
          fc.constantFrom(
            'multipart/form-data',
            'multipart/form-data; boundary=another-boundary',
            'multipart/mixed; boundary=fuzz',
            'application/json',
            'application/x-www-form-urlencoded',
            'image/png',
            'text/plain',
          ),
        )
        .map(([sender, parts, contentType]): Upload => ({
          who: sender,
          parts,
          raw: { contentType, bytes: multipartBody(parts, UPLOAD_BOUNDARY), how: `sent as ${contentType}` },
          outcome: 'refused',
        })),
    ],
  ];
  if (caller === 'visitor') {
    cases.push(['no token, or a forged one', upload(whole, { status: 401 }, fc.constantFrom('anonymous' as const, 'junk token' as const))]);
  }
  return cases;
}

const UPLOAD_BOUNDARY = '----fuzz-boundary-7MA4YWxkTrZu0gW';

function uploadRequest(operation: Operation, upload: Upload, address: string): FuzzRequest {
  const headers: Record<string, string> = { 'x-forwarded-for': address };
  if (upload.who === 'user') headers.authorization = `Bearer ${user.token}`;
  if (upload.who === 'junk token') headers.authorization = `Bearer ${user.token.slice(0, -4)}AAAA`;
  const raw = upload.raw ?? {
    contentType: `multipart/form-data; boundary=${UPLOAD_BOUNDARY}`,
    bytes: multipartBody(upload.parts, UPLOAD_BOUNDARY),
  };
  if (raw.contentType) headers['content-type'] = raw.contentType;
  const { outcome } = upload;
  const parts = upload.parts.map((part) =>
    'bytes' in part
      ? `file ${JSON.stringify(part.field.slice(0, 20))} ${JSON.stringify(part.filename.slice(0, 40))} ${part.type} ${part.bytes.length} B`
      : `field ${JSON.stringify(part.field)}`,
  );
  return {
    method: operation.method,
    path: operation.path,
    query: [],
    headers,
    body: raw.bytes,
    mustRefuse: outcome !== 'stored' && outcome !== 'not a 5xx',
    mustAccept: outcome === 'stored',
    refusal:
      typeof outcome === 'object'
        ? {
            status: outcome.status,
            message: outcome.status === 401 && upload.who === 'anonymous' ? MESSAGES.api.loginFirst : outcome.message,
          }
        : undefined,
    what: `POST ${operation.path} as ${upload.who}: ${parts.join(', ')}${upload.raw ? ` — ${upload.raw.how}` : ''}`,
  };
}

/** Files in the stack's upload stores: the CMS's uploads folder, and the scale profile's S3-compatible store. */
function storedFiles(): number {
  const stores = [join(testEnv.workDir, 'cms-public', 'uploads'), process.env.TEST_UPLOAD_STORE_DIR ?? ''].filter(
    (store) => store && existsSync(store),
  );
  return stores.reduce(
    (count, store) => count + readdirSync(store, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length,
    0,
  );
}

/** A refused upload writes no file; a stored one is named by the CMS, never by the visitor, with the type its bytes have. */
const uploadSideEffects =
  (rule: UploadRule): SideEffects =>
  async (request) => {
    const before = storedFiles();
    return async (answer) => {
      if (answer.status >= 400) {
        expect(storedFiles(), `a refused upload wrote a file: ${request.what}`).toBe(before);
        return;
      }
      const url = new URL(uploadResponse.parse(answer.body).data);
      const name = url.pathname.split('/').pop() ?? '';
      expect(url.pathname, request.what).toMatch(/^\/uploads\//);
      expect(name, request.what).toMatch(new RegExp(`^[\\w-]+\\.(${rule.types.map((type) => type.ext).join('|')})$`));
    };
  };

describe("uploads: multipart bodies that break the rules are refused with the rule's Chinese message, write no file and add no file record", () => {
  it('finds every upload route of the document and its rule', () => {
    expect(uploadOperations.map((operation) => operation.path).sort()).toEqual(Object.keys(UPLOAD_RULES).sort());
  });

  describe.each(uploadOperations.map((operation) => [operation.path, operation] as const))('%s', (_path, operation) => {
    const rule = UPLOAD_RULES[operation.path]!;
    it.each(uploadCases(rule, operation.caller))('%s', async (name, cases) => {
      const address = fc.tuple(fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 254 })).map(([a, b, c]) => `10.${a}.${b}.${c}`);
      const arbitrary = fc.tuple(cases, address).map(([upload, ip]) => uploadRequest(operation, upload, ip));
      await checkRequests(operation, arbitrary, {
        seed: seedOf({ ...operation, id: `${operation.id}:${name}` }),
        // Each way an upload can go wrong, with other details (name, type, field, sender) each time.
        runs: RUNS_PER_OPERATION,
        label: 'upload',
        sideEffects: uploadSideEffects(rule),
      });
    });
  });
});

it('reads the operations from the document the adapter serves', () => {
  expect(documentResponse.status).toBe(200);
  // A few well-known operations, as a check that the walk over the document found them all.
  const names = operations.map((operation) => `${operation.method} ${operation.path}`);
  expect(names).toEqual(
    expect.arrayContaining(['POST /api/user/register', 'POST /api/order', 'POST /api/workshops/{id}/book', 'GET /api/culture/{id}']),
  );
});

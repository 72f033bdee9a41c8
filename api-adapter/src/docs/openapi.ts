import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { openApiSecurityOf, SECURITY_SCHEMES } from '../auth/route-auth.ts';

/** What the error codes mean, in the README's words: the description of each documented status. */
const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  200: '成功',
  400: '参数错误（code 40000）',
  401: '未登录或登录已过期（code 40100）',
  403: '无权操作（code 40300）',
  404: '不存在（code 40400）',
  409: '冲突，例如库存不足或价格与目录不符（code 40900）',
  413: '请求内容过大（code 41300）',
  415: '文件类型不符（code 41500）',
  429: '请求过于频繁（code 42900）',
  500: '服务器内部错误（code 50000）',
  503: '内容服务暂不可用（code 50300）',
};

/**
 * A stable operationId from the method and the path, for clients generated from the document:
 * GET /api/culture/{id} → getCultureById, POST /api/orders/{id}/mock-pay → postOrdersByIdMockPay.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^[{:](\w+)}?$/.exec(segment);
      return param ? ['by', param[1]!] : segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
    });
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

type Json = unknown;
const SCHEMA_REF = '#/components/schemas/';

/** Names of the component schemas referenced anywhere in `value`. */
function referencedSchemas(value: Json, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) referencedSchemas(item, found);
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMA_REF)) found.add(child.slice(SCHEMA_REF.length));
      else referencedSchemas(child, found);
    }
  }
  return found;
}

interface OpenApiDocument {
  paths?: Record<string, Record<string, { responses?: Record<string, { description?: string }> } | unknown>>;
  components?: { schemas?: Record<string, Json> } & Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * Keeps the component schemas the operations use, directly or through other components. The zod
 * registry yields an input and an output variant of every named schema (`User`, `UserInput`);
 * only the ones a request or an answer refers to belong in the document.
 */
export function withoutUnusedSchemas<T extends OpenApiDocument>(document: T): T {
  const schemas = document.components?.schemas ?? {};
  const { components, ...rest } = document;
  const used = referencedSchemas(rest);
  const pending = [...used];
  while (pending.length > 0) {
    for (const name of referencedSchemas(schemas[pending.pop()!])) {
      if (!used.has(name)) {
        used.add(name);
        pending.push(name);
      }
    }
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...components, schemas: kept } };
}

/** Replaces @fastify/swagger's "Default Response" with what the status means here. */
export function withResponseDescriptions<T extends OpenApiDocument>(document: T): T {
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(pathItem)) {
      const responses = (operation as { responses?: Record<string, { description?: string }> }).responses ?? {};
      for (const [status, response] of Object.entries(responses)) {
        const description = RESPONSE_DESCRIPTIONS[status];
        if (description && (!response.description || response.description === 'Default Response')) response.description = description;
      }
    }
  }
  return document;
}

const routeTransform = createJsonSchemaTransform({ skipList: [] });

/**
 * @fastify/swagger's options: the document is generated from the routes' zod schemas; the schemas
 * named with `.meta({ id })` in the contract become components that the operations refer to.
 */
export function openApiOptions(publicUrl: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      // 3.1: JSON Schema 2020-12, so a nullable reference is `anyOf [$ref, null]` (3.0 cannot say it).
      openapi: '3.1.0',
      info: {
        title: '非遗门户 API',
        version: '1.0.0',
        description:
          '所有调用的请求与应答结构；成功时 code 为 20000（热门与最新为 200）。错误答复的 HTTP 状态与 code 对应，message 为中文说明。',
      },
      servers: [{ url: publicUrl }],
      // Public by default; each operation's own security comes from its route's declared auth.
      security: [],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: (input) => {
      const { schema, url } = routeTransform(input);
      const method = input.route.method;
      if (!schema || schema.hide) return { schema, url };
      const security = openApiSecurityOf(input.route.config);
      return {
        schema: {
          ...schema,
          ...(security ? { security } : {}),
          ...(!schema.operationId && typeof method === 'string' ? { operationId: operationIdOf(method, url) } : {}),
        },
        url,
      };
    },
    transformObject: (input) =>
      withResponseDescriptions(withoutUnusedSchemas(jsonSchemaTransformObject(input) as OpenApiDocument)) as ReturnType<
        typeof jsonSchemaTransformObject
      >,
  };
}

import { describe, expect, it } from 'vitest';
import { operationIdOf, withoutUnusedSchemas, withResponseDescriptions } from './openapi.ts';

describe('operationIdOf', () => {
  it('joins the method and the path words in camel case, without the /api prefix', () => {
    expect(operationIdOf('GET', '/api/culture/page')).toBe('getCulturePage');
    expect(operationIdOf('DELETE', '/api/collection')).toBe('deleteCollection');
    expect(operationIdOf('GET', '/api/home')).toBe('getHome');
  });

  it('names path parameters with "by" and splits words at dashes', () => {
    expect(operationIdOf('GET', '/api/culture/{id}')).toBe('getCultureById');
    expect(operationIdOf('POST', '/api/orders/{id}/mock-pay')).toBe('postOrdersByIdMockPay');
    expect(operationIdOf('PUT', '/api/order/:id/payment-status')).toBe('putOrderByIdPaymentStatus');
    expect(operationIdOf('GET', '/api/inheritor/category/{categoryId}')).toBe('getInheritorCategoryByCategoryId');
  });

  it('keeps /api inside a word and paths outside /api', () => {
    expect(operationIdOf('GET', '/apidocs')).toBe('getApidocs');
    expect(operationIdOf('GET', '/uploads/{file}')).toBe('getUploadsByFile');
  });
});

describe('withoutUnusedSchemas', () => {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

  it('keeps the schemas operations refer to, directly or through other schemas, and drops the rest', () => {
    const document = {
      openapi: '3.1.0',
      paths: { '/a': { get: { responses: { 200: { description: '', content: { 'application/json': { schema: ref('Order') } } } } } } },
      components: {
        securitySchemes: { bearer: { type: 'http' } },
        schemas: {
          Order: { type: 'object', properties: { lines: { type: 'array', items: ref('OrderLine') } } },
          OrderLine: { type: 'object', properties: { product: ref('Product') } },
          Product: { type: 'object' },
          OrderInput: { type: 'object', properties: { lines: { type: 'array', items: ref('OrderLineInput') } } },
          OrderLineInput: { type: 'object' },
        },
      },
    };
    const pruned = withoutUnusedSchemas(document);
    expect(Object.keys(pruned.components.schemas).sort()).toEqual(['Order', 'OrderLine', 'Product']);
    expect(pruned.components.securitySchemes).toEqual({ bearer: { type: 'http' } });
    expect(pruned.paths).toBe(document.paths);
  });

  it('survives schemas that refer to each other', () => {
    const document = {
      paths: { '/a': { get: { responses: { 200: { description: '', content: { 'application/json': { schema: ref('A') } } } } } } },
      components: { schemas: { A: { properties: { b: ref('B') } }, B: { properties: { a: ref('A') } }, C: {} } },
    };
    expect(Object.keys(withoutUnusedSchemas(document).components.schemas).sort()).toEqual(['A', 'B']);
  });
});

describe('withResponseDescriptions', () => {
  it("replaces @fastify/swagger's default description with what the status means, keeping given ones", () => {
    const document = {
      paths: {
        '/a': {
          get: {
            responses: {
              200: { description: 'Default Response' },
              409: { description: 'Default Response' },
              418: { description: 'Default Response' },
            },
          },
          post: { responses: { 200: { description: '已创建的订单' } } },
        },
      },
    };
    const described = withResponseDescriptions(document);
    expect(described.paths['/a'].get.responses[200].description).toBe('成功');
    expect(described.paths['/a'].get.responses[409].description).toMatch(/^冲突/);
    expect(described.paths['/a'].get.responses[418].description).toBe('Default Response');
    expect(described.paths['/a'].post.responses[200].description).toBe('已创建的订单');
  });
});

import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { username } from '@feiyi/contract/auth';
import { browseBatchBody } from '@feiyi/contract/history';
import { culturePageQuery } from '@feiyi/contract/culture';
import '../zod-locale.ts';
import { registerErrorHandling } from './errors.ts';

async function appWith(schema: { body?: z.ZodType; querystring?: z.ZodType }) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.post('/t', { schema }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

const messageOf = async (app: Awaited<ReturnType<typeof appWith>>, options: { payload?: unknown; query?: Record<string, string> }) => {
  const response = await app.inject({ method: 'POST', url: '/t', payload: options.payload as object, query: options.query });
  expect(response.statusCode).toBe(400);
  return (response.json() as { code: number; message: string }).message;
};

describe('validation messages', () => {
  it("answer the contract's own wording exactly (the spec's messages)", async () => {
    const app = await appWith({ body: z.object({ username }) });
    expect(await messageOf(app, { payload: { username: 'ab' } })).toBe('长度在 3 到 20 个字符');
    expect(await messageOf(app, { payload: {} })).toBe('请输入用户名');
  });

  it("give Zod's generic wording the place and field it is about", async () => {
    const app = await appWith({ body: z.object({ name: z.string().max(3) }) });
    expect(await messageOf(app, { payload: { name: 'long name' } })).toBe('请求体错误：name 长度不能超过 3 个字符');
    expect(await messageOf(app, { payload: { name: 7 } })).toBe('请求体错误：name 无效输入：期望文本，实际接收数字');
    expect(await messageOf(app, { payload: [] })).toBe('请求体错误：无效输入：期望对象，实际接收数组');
  });

  it('name types in Chinese and tell a non-finite number from a number', async () => {
    const app = await appWith({ querystring: z.object({ count: z.coerce.number().int().max(9) }) });
    expect(await messageOf(app, { query: { count: '1e400' } })).toBe('查询参数错误：count 无效输入：期望数字，实际接收无穷大');
    expect(await messageOf(app, { query: { count: '10' } })).toBe('查询参数错误：count 不能大于 9');
  });

  it('look into unions for the branch the contract wrote a message for', async () => {
    const batch = await appWith({ body: browseBatchBody });
    const many = Array.from({ length: 51 }, (_, i) => ({ browseType: 'culture', browseId: i + 1 }));
    expect(await messageOf(batch, { payload: many })).toBe('一次最多同步 50 条浏览记录');
    expect(await messageOf(batch, { payload: { records: many } })).toBe('一次最多同步 50 条浏览记录');
    const page = await appWith({ querystring: culturePageQuery });
    expect(await messageOf(page, { query: { category: 'opera' } })).toBe('category 必须是类别编号');
  });
});

describe('rate limits', () => {
  it("keep the limiter's own message (a thrown 429 that is not an ApiError)", async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/limited', async () => {
      throw Object.assign(new Error('请求过于频繁，请 30 秒后再试'), { statusCode: 429 });
    });
    const response = await app.inject({ method: 'GET', url: '/limited' });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ code: 42900, message: '请求过于频繁，请 30 秒后再试', data: null });
  });
});

import Fastify, { LogController } from 'fastify';
import app from '../../api-adapter/src/app.ts';
import type { CmsClient } from '../../api-adapter/src/cms/client.ts';
import { loadConfig } from '../../api-adapter/src/config.ts';
import { generateCultures } from './generated-content.ts';

// The real adapter app, fed 10,000 generated cultures by an in-memory CMS, for the search benchmark.
const port = Number(process.argv[2] ?? 8199);
const cultures = generateCultures();
const notUsed = async () => {
  throw new Error('not used by the search benchmark');
};
const cms = {
  async list() {
    return { data: [], meta: {} };
  },
  async listAll(collection: string) {
    return collection === 'cultures' ? cultures : [];
  },
  single: async () => null,
  contentVersion: async () => ({ content: 'bench', shop: 'bench' }),
  server: { get: notUsed, post: async <T>() => ({}) as T, put: notUsed, delete: notUsed },
  asUser: () => ({ get: notUsed, post: notUsed, put: notUsed, delete: notUsed }),
  login: notUsed,
  register: notUsed,
  upload: notUsed,
  http: undefined as never,
} satisfies CmsClient;

const server = Fastify({ logger: { level: 'warn' }, logController: new LogController({ disableRequestLogging: true }) });
await server.register(app, {
  config: loadConfig({
    PORT: String(port),
    CMS_URL: 'http://127.0.0.1:9',
    CMS_API_TOKEN: 'x'.repeat(64),
    JWT_SECRET: 'bench-secret-bench-secret',
    LOG_LEVEL: 'warn',
    CACHE_REVALIDATE_MS: '0',
  }),
  cms,
});
await server.listen({ host: '127.0.0.1', port });
// Warm the snapshot (and the search index) before the load starts.
await server.inject({ url: '/api/culture/page' });
console.log('ready');

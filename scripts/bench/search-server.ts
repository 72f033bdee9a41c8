import Fastify, { LogController } from 'fastify';
import app from '../../api-adapter/src/app.ts';
import type { CmsClient } from '../../api-adapter/src/cms/client.ts';
import { loadConfig } from '../../api-adapter/src/config.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strapiNationalList } from '../../api-adapter/src/national/list.ts';
import { ROOT } from '../src/paths.ts';
import { generateCultures, nationalListTimes } from './generated-content.ts';

// The real adapter app for the search benchmark, fed by an in-memory CMS: 10× the portal's searchable
// documents (980 generated articles, ten copies of the national list's entries and inheritors ≈ 77,000).
const port = Number(process.argv[2] ?? 8199);
const cultures = generateCultures(980);
// The stack's national list (written by api.ts), ten times over.
const national = nationalListTimes(strapiNationalList.parse(JSON.parse(readFileSync(process.argv[3]!, 'utf8'))), 10);
const categories = JSON.parse(readFileSync(path.join(ROOT, 'cms', 'seed', 'data', 'categories.json'), 'utf8')) as unknown[];
const notUsed = async () => {
  throw new Error('not used by the search benchmark');
};
const cms = {
  async list() {
    return { data: [], meta: {} };
  },
  async listAll(collection: string) {
    if (collection === 'categories') return categories;
    return collection === 'cultures' ? cultures : [];
  },
  single: async (name: string) => (name === 'portal/national-list' ? national : null),
  contentVersion: async () => ({ content: 'bench', shop: 'bench', stock: 'bench', editorActiveAt: null }),
  // Only the adapter's flush of culture views reaches the CMS here.
  server: { call: async (name: string, ..._input: unknown[]) => (name === 'cultures.views' ? { counted: 0 } : notUsed()) as never },
  asUser: () => ({ call: notUsed }),
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

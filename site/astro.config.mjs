import { createHash } from 'node:crypto';
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import preact from '@astrojs/preact';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import previewServer from './integrations/preview-server.ts';
import offline from './integrations/offline.ts';
import serifFont from './integrations/serif-font.ts';
import { BOOT_SCRIPT } from './src/layouts/boot.ts';
import { LOADER_BOOT_SCRIPT } from './src/islands/home/loading.ts';

/**
 * The browsers' bundle in fewer, larger shared chunks: Preact (with its compat layer and Astro's renderer) in one,
 * TanStack Query in another, instead of a dozen files of a few hundred bytes each. An island's first load is a chain
 * of requests (the island, then what it imports, then what those import), and over HTTP/1.1 six at a time: a trace of
 * /profile on a slow phone's network fetched 45 scripts in five rounds before its first request for data.
 */
function clientChunks() {
  return {
    name: 'feiyi-client-chunks',
    configEnvironment(name) {
      if (name !== 'client') return undefined;
      return {
        build: {
          rolldownOptions: {
            // What includeDependenciesRecursively: false needs; entries keep their exports (they may gain some).
            preserveEntrySignatures: 'allow-extension',
            output: {
              codeSplitting: {
                // Only the modules each group names: with their dependencies the Preact group took Vite's preload
                // helper (@astrojs/preact's client imports @preact/signals lazily), and the shell, which uses that
                // helper, then loaded all of Preact on every page.
                includeDependenciesRecursively: false,
                groups: [
                  { name: 'preact', test: /[\\/]node_modules[\\/](?:preact|@preact[\\/]compat|@astrojs[\\/]preact)[\\/]/, priority: 2 },
                  { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 1 },
                ],
              },
            },
          },
        },
      };
    },
  };
}

/** The public address of the site (canonical URLs, sitemap, OpenGraph); the site and /api share one origin. */
const site = process.env.PORTAL_SITE_URL ?? process.env.PORTAL_API_URL ?? 'http://127.0.0.1:8080';

// Static output: pages are built from the API's published content; islands fetch what is personal.
// Only the editors' preview (/preview/…, `prerender = false`) renders on demand: the adapter for Node in middleware
// mode builds it into _server/ beside the static pages, which stay where they were (build.client is the outDir
// itself), and the API adapter calls its handler after checking the preview address's signature.
export default defineConfig({
  site,
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  trailingSlash: 'ignore',
  build: { format: 'directory', client: './', server: './_server/' },
  integrations: [
    previewServer(),
    // Islands are written against React's API and run on Preact's compatibility layer ('react' and 'react-dom' are
    // preact/compat here and in package.json): the same hooks, a tenth of the framework to download and evaluate.
    // Ahead of @astrojs/preact's own renderer, so the islands hydrate through it (src/lib/preact/client.ts says why).
    {
      name: 'feiyi-preact-renderer',
      hooks: {
        'astro:config:setup': ({ addRenderer }) =>
          addRenderer({
            name: 'feiyi-preact',
            clientEntrypoint: fileURLToPath(new URL('./src/lib/preact/client.ts', import.meta.url)),
            serverEntrypoint: '@astrojs/preact/server.js',
          }),
      },
    },
    preact({ compat: true }),
    serifFont(),
    // After the font: the offline page it caches carries the font's data-serif-text.
    offline(),
    {
      name: 'feiyi-client-interaction',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) =>
          addClientDirective({ name: 'interaction', entrypoint: './src/directives/interaction.ts' }),
      },
    },
  ],
  vite: {
    plugins: [tailwindcss(), clientChunks()],
    // zod, set not to try eval (which the pages' CSP reports), before any schema is built: src/lib/zod-jitless.ts.
    resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) }] },
    // Workers as ES modules: the answers' parser (src/lib/api/parse-worker.ts) loads each schema module when first needed.
    worker: { format: 'es' },
  },
  devToolbar: { enabled: false },
  // A content security policy in every page, with hashes of Astro's own scripts and styles and of the boot script.
  security: {
    csp: {
      scriptDirective: {
        hashes: [BOOT_SCRIPT, LOADER_BOOT_SCRIPT].map((script) => `sha256-${createHash('sha256').update(script).digest('base64')}`),
      },
    },
  },
});

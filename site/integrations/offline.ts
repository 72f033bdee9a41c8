/**
 * Build step: the service worker (/sw.js) for offline reading, bundled from src/offline/service-worker.ts with this
 * build's version and shell: the offline page, the files it loads (the site's CSS and the header's scripts), every
 * stylesheet of the build, the heading font's stylesheet, the icons and the manifest. The version is a hash of all
 * that and of the worker's own code, so it changes with every build that changes anything the worker keeps, and a
 * visitor's browser installs the new worker (which deletes the old caches) on the next visit.
 *
 * The render service's page updates after a publish leave /sw.js as it is: pages are network first, so a re-rendered
 * page reaches a visitor at once without a new worker.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { OFFLINE_PAGE } from '../src/lib/offline/rules.ts';

const WORKER_SOURCE = fileURLToPath(new URL('../src/offline/service-worker.ts', import.meta.url));
/** Files of public/ that every page uses. */
const SHELL_FILES = ['/fonts/serif.css', '/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png'];
const BUILD_VALUE = 'OFFLINE_BUILD_VALUE';

/** The /_astro/ files a page's HTML loads (stylesheets, scripts, preloads), in the order they appear. */
export function assetsOf(html: string): string[] {
  return [...new Set([...html.matchAll(/\b(?:src|href)="(\/_astro\/[^"?#]+)"/g)].map((match) => match[1]!))];
}

/** The modules a built module imports statically (`from"./x.js"`, `import"./x.js"`): loaded with it, so kept with it. */
export function staticImportsOf(code: string): string[] {
  return [...new Set([...code.matchAll(/\b(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)].map((match) => match[1]!))];
}

/** The scripts among `assets` and every module they import statically, in /_astro/. */
async function withStaticImports(astroDir: string, assets: readonly string[]): Promise<string[]> {
  const seen = new Set(assets);
  const queue = assets.filter((asset) => asset.endsWith('.js'));
  for (let asset = queue.shift(); asset !== undefined; asset = queue.shift()) {
    for (const name of staticImportsOf(await readFile(path.join(astroDir, path.basename(asset)), 'utf8'))) {
      const address = `/_astro/${name}`;
      if (!seen.has(address)) {
        seen.add(address);
        queue.push(address);
      }
    }
  }
  return [...seen];
}

export default function offline(): AstroIntegration {
  return {
    name: 'feiyi-offline',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        const offlineHtml = await readFile(path.join(outDir, OFFLINE_PAGE, 'index.html'), 'utf8');
        const stylesheets = (await readdir(path.join(outDir, '_astro')))
          .filter((name) => name.endsWith('.css'))
          .map((name) => `/_astro/${name}`);
        const pageAssets = await withStaticImports(path.join(outDir, '_astro'), assetsOf(offlineHtml));
        const shell = [...new Set([OFFLINE_PAGE, ...SHELL_FILES, ...pageAssets, ...stylesheets.sort()])];

        const bundled = await build({
          entryPoints: [WORKER_SOURCE],
          bundle: true,
          format: 'iife',
          target: 'es2020',
          minify: true,
          write: false,
          legalComments: 'none',
          define: { __OFFLINE_BUILD__: BUILD_VALUE },
        });
        const code = bundled.outputFiles[0]!.text;
        const version = createHash('sha256').update(code).update(JSON.stringify(shell)).update(offlineHtml).digest('hex').slice(0, 12);
        if (!code.includes(BUILD_VALUE)) throw new Error('service worker: the build value was not placed');
        await writeFile(path.join(outDir, 'sw.js'), code.replace(BUILD_VALUE, JSON.stringify({ version, shell })));
        logger.info(`service worker ${version}: ${shell.length} shell files, ${(code.length / 1024).toFixed(1)} KB`);
      },
    },
  };
}

/**
 * Build step for the on-demand preview pages (/preview/…): the server build in _server/ imports its dependencies
 * (astro, preact, zod …) by name, and the site is built outside this package (.runtime/site, a test's work folder),
 * where Node would not find them. A `node_modules` link beside the output folder, to this package's own
 * node_modules, lets the build's prerendering (which runs from _server/.prerender) and then the API adapter import
 * the server code. Beside, not inside: whatever walks the built site (precompression, the tests) must not wander
 * into the packages. A folder that already has a node_modules of its own (the default site/dist) is left alone.
 */
import { lstatSync, readlinkSync, rmSync, type Stats, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

const SITE_MODULES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'node_modules');

function linkPackages(outDir: string) {
  const link = path.join(path.dirname(path.resolve(outDir)), 'node_modules');
  let existing: Stats | undefined;
  try {
    existing = lstatSync(link);
  } catch {
    existing = undefined;
  }
  if (existing && !existing.isSymbolicLink()) return;
  if (existing && readlinkSync(link) === SITE_MODULES) return;
  rmSync(link, { force: true });
  symlinkSync(SITE_MODULES, link, 'dir');
}

export default function previewServer(): AstroIntegration {
  return {
    name: 'feiyi-preview-server',
    hooks: {
      'astro:config:done': ({ config }) => linkPackages(fileURLToPath(config.outDir)),
    },
  };
}

import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@feiyi/contract/common';
import * as MESSAGES from '@feiyi/contract/messages';

/**
 * One origin for the visitor: the built site at /, Strapi's uploads at /uploads, the API at /api.
 * Hashed build assets are cached for a year; pages are revalidated on every visit.
 */
export async function registerStaticSite(app: FastifyInstance, options: { siteDir?: string; uploadsDir?: string }) {
  if (options.uploadsDir && existsSync(options.uploadsDir)) {
    await app.register(fastifyStatic, {
      root: path.resolve(options.uploadsDir),
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      maxAge: '7d',
    });
  }

  // The static server names a precompressed file's type after setHeaders, from its extension: the feeds (.xml) and
  // the JSON Lines get their own types here, as they leave.
  app.addHook('onSend', async (request, reply, payload) => {
    const type = DOWNLOAD_TYPES.find(([pattern]) => pattern.test(request.url.split('?')[0]!))?.[1];
    if (type && reply.statusCode === 200) reply.header('content-type', type);
    return payload;
  });

  // The folder may still be empty: the site is built from this very API once it is up.
  const siteDir = options.siteDir ? path.resolve(options.siteDir) : undefined;
  if (siteDir) {
    mkdirSync(siteDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: siteDir,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      // /inheritors answers with inheritors/index.html itself: the site links without the trailing slash, and a
      // redirect would cost every visit a round trip (the page's canonical link names the slashed address).
      redirect: false,
      // The build's on-demand part (the preview pages' server code, site/astro.config.mjs) is never served as a file.
      allowedPath: (pathName) => !isServerBuildPath(pathName),
      cacheControl: false,
      // The site build writes .br and .gz copies of its text files (scripts/src/site.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}_astro${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (DOWNLOADS.test(filePath)) {
          // The open data and the feeds: a reader or crawler may keep them five minutes, then revalidates (ETag).
          res.header('cache-control', 'public, max-age=300, must-revalidate');
        } else {
          res.header('cache-control', 'public, max-age=0, must-revalidate');
        }
      },
    });
  }

  const notFoundPage = siteDir ? path.join(siteDir, '404.html') : undefined;
  app.setNotFoundHandler((request, reply) => {
    // Addresses a static site cannot list in advance: any /culture/{id} shows all categories and any
    // /area/{x} looks the province up in the browser, so their page answers for them.
    const fallback = siteDir && (request.method === 'GET' || request.method === 'HEAD') ? pageFallback(siteDir, request.url) : undefined;
    if (fallback)
      return reply
        .status(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'public, max-age=0, must-revalidate')
        .send(readFileSync(fallback));
    if (request.url.startsWith('/api/') || request.url === '/api' || !notFoundPage || !existsSync(notFoundPage)) {
      return reply.status(404).send({ code: ERROR_CODES.notFound, message: MESSAGES.api.notFound, data: null });
    }
    return reply.status(404).type('text/html; charset=utf-8').send(readFileSync(notFoundPage));
  });
}

/** The open data's files (/data/…) and the Atom feeds (/feeds/…), as written or precompressed. */
const DOWNLOADS = /[\\/](data[\\/][^\\/]+\.(csv|jsonl|jsonld|json|txt)|feeds[\\/][^\\/]+\.xml)(\.br|\.gz)?$/;
/** Types the static server's table lacks or names loosely, by address. */
const DOWNLOAD_TYPES: Array<[RegExp, string]> = [
  [/^\/data\/[^/]+\.csv$/, 'text/csv; charset=utf-8'],
  [/^\/data\/[^/]+\.jsonl$/, 'application/jsonl; charset=utf-8'],
  [/^\/data\/[^/]+\.jsonld$/, 'application/ld+json; charset=utf-8'],
  [/^\/feeds\/[^/]+\.xml$/, 'application/atom+xml; charset=utf-8'],
];

/** Whether an address points into the site build's server part ({siteDir}/_server/). */
export function isServerBuildPath(pathName: string): boolean {
  return /^\/+_server(?:\/|$)/.test(pathName);
}

const FALLBACKS: Array<[RegExp, string]> = [
  [/^\/culture\/[^/?#]+\/?(?:[?#]|$)/, 'culture/index.html'],
  [/^\/area\/[^/?#]+\/?(?:[?#]|$)/, 'area/index.html'],
];

/** The built page that stands in for an address without a page of its own, if there is one. */
export function pageFallback(siteDir: string, url: string): string | undefined {
  const match = FALLBACKS.find(([pattern]) => pattern.test(url));
  if (!match) return undefined;
  const file = path.join(siteDir, match[1]);
  return existsSync(file) ? file : undefined;
}

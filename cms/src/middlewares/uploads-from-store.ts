import { Readable } from 'node:stream';
import type { Core } from '@strapi/strapi';
import { uploadStoreConfig } from '../media/upload-store';

interface Context {
  method: string;
  path: string;
  status: number;
  body: unknown;
  set(name: string, value: string): void;
}

/**
 * With uploads in an S3 bucket under the portal's own /uploads/ addresses, the files are no longer in the CMS's public
 * folder, yet the admin (another origin) shows media by those addresses on its own origin. GET /uploads/… is read from
 * the portal's site (PREVIEW_SITE_URL, where nginx serves the bucket), so editors see their media library as before.
 */
export default (_config: unknown, _context: { strapi: Core.Strapi }) => {
  const store = uploadStoreConfig(process.env);
  const siteUrl = process.env.PREVIEW_SITE_URL?.replace(/\/+$/, '');
  const relayed = store && store.providerOptions.baseUrl.startsWith('/') && siteUrl;
  return async (ctx: Context, next: () => Promise<void>) => {
    if (!relayed || !['GET', 'HEAD'].includes(ctx.method) || !/^\/uploads\/[\w.-]+$/.test(ctx.path)) return next();
    const response = await fetch(`${siteUrl}${ctx.path}`, { method: ctx.method, signal: AbortSignal.timeout(10_000) }).catch(
      () => undefined,
    );
    if (!response) {
      ctx.status = 503;
      return;
    }
    ctx.status = response.status;
    for (const name of ['content-type', 'content-length', 'etag', 'last-modified', 'cache-control']) {
      const value = response.headers.get(name);
      if (value) ctx.set(name, value);
    }
    ctx.body = response.body && ctx.method === 'GET' ? Readable.fromWeb(response.body) : null;
  };
};

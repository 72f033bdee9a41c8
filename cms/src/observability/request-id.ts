import { AsyncLocalStorage } from 'node:async_hooks';
import type { Core } from '@strapi/strapi';

/**
 * The request id the adapter sends (X-Request-Id, from nginx): every log line the CMS writes while answering that
 * request starts with it, so one visitor's request can be followed from nginx through an adapter into the CMS.
 */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
export const requestContext = new AsyncLocalStorage<{ id: string }>();

export const requestIdFrom = (header: unknown): string | undefined =>
  typeof header === 'string' && REQUEST_ID.test(header) ? header : undefined;

interface Format {
  transform(info: { message?: unknown }, options?: unknown): unknown;
}

/** Puts `[<request id>]` before each line logged within a request that carries one (Strapi's logger is winston's). */
export function prefixLogLinesWithRequestId(strapi: Core.Strapi): void {
  const logger = strapi.log as unknown as { format?: Format };
  const original = logger.format;
  if (!original) return;
  logger.format = {
    transform(info, options) {
      const id = requestContext.getStore()?.id;
      if (id && typeof info.message === 'string') info.message = `[${id}] ${info.message}`;
      return original.transform(info, options);
    },
  };
}

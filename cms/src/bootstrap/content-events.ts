import type { Core } from '@strapi/strapi';

/** Content the adapter caches and the static site is built from (user data is not among it). */
const PUBLIC_MODELS = new Set([
  'category',
  'province',
  'culture',
  'inheritor',
  'policy',
  'timeline-entry',
  'news-item',
  'product',
  'donation-project',
  'workshop',
  'heritage-page',
  'home-page',
  'file',
]);

const EVENTS = [
  'entry.create',
  'entry.update',
  'entry.delete',
  'entry.publish',
  'entry.unpublish',
  'media.create',
  'media.update',
  'media.delete',
];

/**
 * Tells the adapter when editors change public content, so its cache (and the static site) follow
 * at once. Bursts (a publish touches several rows) are coalesced into one call. Every adapter also
 * re-checks a content fingerprint periodically, so a lost call only delays, never loses, a change.
 */
export function forwardContentEvents(strapi: Core.Strapi, options: { url?: string; secret?: string }) {
  const { url, secret } = options;
  if (!url || !secret) return;
  let timer: NodeJS.Timeout | undefined;
  const models = new Set<string>();
  const send = async () => {
    const body = JSON.stringify({ event: 'content.changed', models: [...models] });
    models.clear();
    try {
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-webhook-secret': secret },
        body,
        signal: AbortSignal.timeout(5000),
      });
    } catch (error) {
      strapi.log.warn(`[content-events] could not notify the adapter: ${(error as Error).message}`);
    }
  };
  for (const event of EVENTS) {
    strapi.eventHub.on(event, async (payload: { model?: string }) => {
      const model = event.startsWith('media.') ? 'file' : payload?.model;
      if (!model || !PUBLIC_MODELS.has(model)) return;
      models.add(model);
      clearTimeout(timer);
      timer = setTimeout(() => void send(), 300);
    });
  }
}

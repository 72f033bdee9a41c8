import type { Core } from '@strapi/strapi';
import { PUBLIC_COLLECTION_TYPES, PUBLIC_SINGLE_TYPES } from '../portal/public-content';

/** Models whose changes the adapter must hear about: public content and the media it shows. */
const PUBLIC_MODELS = new Set<string>([...PUBLIC_COLLECTION_TYPES, ...PUBLIC_SINGLE_TYPES, 'file']);

const EVENTS = [
  'entry.create',
  'entry.update',
  'entry.delete',
  'entry.publish',
  'entry.unpublish',
  // Not media.create: a new file is used by nothing yet (a visitor's avatar never is); linking it to
  // a document is that document's update. Replacing or deleting a file may change what pages show.
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

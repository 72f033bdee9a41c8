import { PUBLIC_COLLECTION_TYPES, PUBLIC_SINGLE_TYPES } from './public-content';

const PUBLIC_UIDS = new Set([...PUBLIC_COLLECTION_TYPES, ...PUBLIC_SINGLE_TYPES].map((name) => `api::${name}.${name}`));

/** `/content-manager/collection-types/api::culture.culture/…` → `api::culture.culture`. */
const EDITED_TYPE = /^\/content-manager\/(?:collection-types|single-types)\/([^/?]+)/;

/**
 * When an editor last worked on public content in the admin (this process's memory; undefined since it started).
 * The site builder reads it with the content version and has a render process ready while editors work, so their
 * publishes go live without a cold start; at rest none runs.
 */
let lastWorkAt: Date | undefined;

/** Notes an admin's successful request to the content manager about a public type (opening, saving, publishing). */
export function noteEditorRequest(path: string, status: number, byAdmin: boolean): void {
  if (!byAdmin || status >= 400) return;
  const uid = EDITED_TYPE.exec(path)?.[1];
  if (uid && PUBLIC_UIDS.has(decodeURIComponent(uid))) lastWorkAt = new Date();
}

export function editorActiveAt(): string | null {
  return lastWorkAt?.toISOString() ?? null;
}

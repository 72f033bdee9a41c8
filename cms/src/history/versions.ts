import type { Core } from '@strapi/strapi';
import { PUBLIC_CONTENT_TYPES } from '../bootstrap/admin-roles';
import { currentActor, titleField, type AuditActor } from '../audit/trail';

/**
 * Version history of the public content (Strapi's own Content History is a paid feature): every save and every publish
 * an admin makes keeps a version of the document as it then was — who, when, draft or published, and which fields
 * changed since the version before. Relations are kept by documentId and name, media by id, address and name, so a
 * version reads the same after the related entry is renamed or gone. The oldest go beyond HISTORY_KEEP (50) per entry.
 */
export const VERSION_UID = 'api::entry-version.entry-version';
export const HISTORY_TYPES = new Set(PUBLIC_CONTENT_TYPES);

/** Fields of every document that are the system's, not the editor's. */
const SYSTEM_FIELDS = new Set([
  'id',
  'documentId',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'createdBy',
  'updatedBy',
  'locale',
  'localizations',
]);
/**
 * Counters the site keeps (views, booked seats, stock moved by orders): never part of a version, so restoring an old
 * version never undoes a sale or a booking.
 */
const SERVER_OWNED = new Set(['viewCount', 'seatsBooked', 'stock']);

export function keepCount(): number {
  const wanted = Number(process.env.HISTORY_KEEP ?? 50);
  return Number.isInteger(wanted) && wanted > 0 ? wanted : 50;
}

interface Attribute {
  type: string;
  target?: string;
  relation?: string;
  multiple?: boolean;
  repeatable?: boolean;
  private?: boolean;
}
export type Snapshot = Record<string, unknown>;
export interface RelationRef {
  documentId: string;
  name: string;
}
export interface MediaRef {
  id: number;
  url: string;
  name: string;
}

export function attributesOf(strapi: Core.Strapi, uid: string): Record<string, Attribute> {
  const all = (strapi.contentTypes[uid as keyof typeof strapi.contentTypes]?.attributes ?? {}) as Record<string, Attribute>;
  return Object.fromEntries(Object.entries(all).filter(([name]) => !SYSTEM_FIELDS.has(name) && !SERVER_OWNED.has(name)));
}

function populateOf(strapi: Core.Strapi, uid: string): Record<string, unknown> {
  const populate: Record<string, unknown> = {};
  for (const [name, attribute] of Object.entries(attributesOf(strapi, uid))) {
    if (attribute.type === 'relation' && attribute.target) {
      const field = titleField(strapi, attribute.target);
      populate[name] = { fields: field ? [field] : [] };
    } else if (attribute.type === 'media') populate[name] = { fields: ['url', 'name'] };
    else if (attribute.type === 'component') populate[name] = true;
  }
  return populate;
}

const withoutIds = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => key !== 'id')
        .map(([key, item]) => [key, withoutIds(item)]),
    );
  }
  return value;
};

/** The document (its draft or its published version) as a version keeps it. */
export async function snapshotOf(
  strapi: Core.Strapi,
  uid: string,
  documentId: string,
  state: 'draft' | 'published',
): Promise<Snapshot | undefined> {
  const document = (await strapi
    .documents(uid as never)
    .findOne({ documentId, status: state, populate: populateOf(strapi, uid) } as never)) as Record<string, unknown> | null;
  if (!document) return undefined;
  const snapshot: Snapshot = {};
  for (const [name, attribute] of Object.entries(attributesOf(strapi, uid))) {
    const value = document[name];
    if (attribute.type === 'relation') {
      const field = attribute.target ? titleField(strapi, attribute.target) : undefined;
      const ref = (item: Record<string, unknown>): RelationRef => ({
        documentId: String(item.documentId),
        name: String((field && item[field]) ?? item.documentId),
      });
      snapshot[name] = Array.isArray(value)
        ? value.map((item) => ref(item as Record<string, unknown>))
        : value
          ? ref(value as Record<string, unknown>)
          : null;
    } else if (attribute.type === 'media') {
      const ref = (item: Record<string, unknown>): MediaRef => ({ id: Number(item.id), url: String(item.url), name: String(item.name) });
      snapshot[name] = Array.isArray(value)
        ? value.map((item) => ref(item as Record<string, unknown>))
        : value
          ? ref(value as Record<string, unknown>)
          : null;
    } else if (attribute.type === 'component') snapshot[name] = withoutIds(value ?? null);
    else snapshot[name] = value ?? null;
  }
  return snapshot;
}

/** What an editor's save changes: the draft, or — for a type without drafts (national entries, categories) — the public entry. */
export function editedState(strapi: Core.Strapi, uid: string): 'draft' | 'published' {
  return strapi.contentTypes[uid as keyof typeof strapi.contentTypes]?.options?.draftAndPublish ? 'draft' : 'published';
}

/** A value as JSON with every object's keys in order: PostgreSQL's jsonb gives a stored snapshot's keys back reordered. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, item]) => [key, canonical(item)]),
    );
  return value;
};

/** Whether two field values are the same, however their objects' keys are ordered. */
export const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(canonical(a ?? null)) === JSON.stringify(canonical(b ?? null));

/** The fields whose value differs between two snapshots (all non-empty fields when there is no earlier one). */
export function changedFields(before: Snapshot | undefined, after: Snapshot): string[] {
  const empty = (value: unknown) => value === null || value === '' || (Array.isArray(value) && value.length === 0);
  return Object.keys(after).filter((field) => (before ? !sameValue(before[field], after[field]) : !empty(after[field])));
}

interface VersionRow {
  id: number;
  targetType: string;
  targetDocumentId: string;
  state: string;
  actorName: string | null;
  actorEmail: string | null;
  changedFields: string[] | null;
  snapshot: Snapshot | null;
  note: string | null;
  createdAt: string;
}

const versions = (strapi: Core.Strapi) => strapi.db.query(VERSION_UID);

export async function latestVersion(strapi: Core.Strapi, uid: string, documentId: string): Promise<VersionRow | undefined> {
  const row = await versions(strapi).findOne({ where: { targetType: uid, targetDocumentId: documentId }, orderBy: { id: 'desc' } });
  return (row as VersionRow | null) ?? undefined;
}

export async function listVersions(strapi: Core.Strapi, uid: string, documentId: string): Promise<VersionRow[]> {
  return (await versions(strapi).findMany({
    where: { targetType: uid, targetDocumentId: documentId },
    select: ['id', 'state', 'actorName', 'actorEmail', 'changedFields', 'note', 'createdAt'],
    orderBy: { id: 'desc' },
  })) as VersionRow[];
}

export async function findVersion(strapi: Core.Strapi, id: number): Promise<VersionRow | undefined> {
  return ((await versions(strapi).findOne({ where: { id } })) as VersionRow | null) ?? undefined;
}

/** Keeps a version of the document as it now is; a save that changed nothing keeps none. */
export async function recordVersion(
  strapi: Core.Strapi,
  entry: {
    uid: string;
    documentId: string;
    state: 'draft' | 'published';
    actor: Pick<AuditActor, 'name' | 'email'>;
    note?: string;
    baseline?: boolean;
  },
): Promise<void> {
  const { uid, documentId, state, actor, note, baseline } = entry;
  const snapshot = await snapshotOf(strapi, uid, documentId, state);
  if (!snapshot) return;
  const previous = await latestVersion(strapi, uid, documentId);
  // The content before an entry's first change is a starting point: nothing is listed as changed.
  const changed = baseline ? [] : changedFields(previous?.snapshot ?? undefined, snapshot);
  // A publish is worth a version even when the draft it publishes was saved as one already.
  if (previous && changed.length === 0 && state === previous.state && !note) return;
  await versions(strapi).create({
    data: {
      targetType: uid,
      targetDocumentId: documentId,
      state,
      actorName: actor.name,
      actorEmail: actor.email,
      changedFields: changed,
      snapshot,
      note: note ?? null,
    },
  });
  await prune(strapi, uid, documentId);
}

/** Drops the versions beyond the newest HISTORY_KEEP of one entry. */
async function prune(strapi: Core.Strapi, uid: string, documentId: string): Promise<void> {
  const old = (await versions(strapi).findMany({
    where: { targetType: uid, targetDocumentId: documentId },
    select: ['id'],
    orderBy: { id: 'desc' },
    offset: keepCount(),
  })) as Array<{ id: number }>;
  if (old.length > 0) await versions(strapi).deleteMany({ where: { id: { $in: old.map((row) => row.id) } } });
}

/**
 * Keeps a version after each admin's save and publish of public content (the content manager, its bulk actions and
 * the admin API all go through the document service). Before an entry's first version, its content as it was (the
 * seed's, or an import's) is kept too, so the first change can be undone.
 */
export function registerVersionHistory(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    const { uid, action } = context as { uid: string; action: string };
    if (!HISTORY_TYPES.has(uid) || !['create', 'update', 'publish'].includes(action)) return next();
    const actor = currentActor(strapi);
    if (!actor) return next();
    const params = (context as { params?: { documentId?: string } }).params ?? {};
    if (params.documentId && !(await latestVersion(strapi, uid, params.documentId))) {
      await recordVersion(strapi, {
        uid,
        documentId: params.documentId,
        state: editedState(strapi, uid),
        actor: { name: '（此前的内容）', email: '' },
        note: '第一次修改之前的内容',
        baseline: true,
      });
    }
    const result = await next();
    const documentId = params.documentId ?? (result as { documentId?: string } | null)?.documentId;
    if (documentId)
      await recordVersion(strapi, { uid, documentId, state: action === 'publish' ? 'published' : editedState(strapi, uid), actor });
    return result;
  });
}

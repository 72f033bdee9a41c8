import { randomInt } from 'node:crypto';
import type { Core, UID } from '@strapi/strapi';

/**
 * Bulk writes for the national list import (thousands of documents at first start): rows go in through
 * Strapi's query engine in one insert per chunk, and relation links straight into the join tables whose
 * names and columns come from Strapi's model metadata. Rows and links of a chunk share one transaction,
 * so an interrupted import never leaves a document without its relations.
 */

export interface BulkDocument {
  /** Scalar fields, by attribute name. */
  data: Record<string, unknown>;
  /** Relation attribute name → row ids of the targets (a target with draft & publish has two rows). */
  links: Record<string, readonly number[]>;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A documentId of the same form as Strapi's own (24 lowercase letters and digits). */
export function newDocumentId(): string {
  let id = ALPHABET[randomInt(26)]!;
  while (id.length < 24) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

interface JoinTable {
  name: string;
  joinColumn: { name: string };
  inverseJoinColumn: { name: string };
  orderColumnName?: string;
  inverseOrderColumnName?: string;
}

function joinTableOf(strapi: Core.Strapi, uid: UID.ContentType, attribute: string): JoinTable {
  const meta = strapi.db.metadata.get(uid) as { attributes: Record<string, { joinTable?: JoinTable }> };
  const joinTable = meta.attributes[attribute]?.joinTable;
  if (!joinTable) throw new Error(`${uid}.${attribute} has no join table`);
  return joinTable;
}

/**
 * Creates the documents (draft and published rows where the type has draft & publish, as Strapi's
 * document service does) with their relation links, in one transaction. Returns the documentIds.
 */
export async function insertDocuments(strapi: Core.Strapi, uid: UID.ContentType, documents: readonly BulkDocument[]): Promise<string[]> {
  if (documents.length === 0) return [];
  const draftAndPublish = strapi.getModel(uid).options?.draftAndPublish === true;
  return strapi.db.transaction(async ({ trx }) => {
    const now = new Date();
    const documentIds = documents.map(() => newDocumentId());
    const rows = documents.flatMap((document, i) => {
      const row = { ...document.data, documentId: documentIds[i], createdAt: now, updatedAt: now };
      return draftAndPublish
        ? [
            { ...row, publishedAt: null },
            { ...row, publishedAt: now },
          ]
        : [{ ...row, publishedAt: now }];
    });
    await strapi.db.query(uid).createMany({ data: rows });
    const inserted = (await strapi.db
      .query(uid)
      .findMany({ where: { documentId: { $in: documentIds } }, select: ['id', 'documentId'] })) as Array<{
      id: number;
      documentId: string;
    }>;
    const rowIds = new Map<string, number[]>();
    for (const row of inserted) rowIds.set(row.documentId, [...(rowIds.get(row.documentId) ?? []), row.id]);

    const attributes = new Set(documents.flatMap((document) => Object.keys(document.links)));
    for (const attribute of attributes) {
      const table = joinTableOf(strapi, uid, attribute);
      // New links go after the target's existing ones in its own ordering (e.g. a category's inheritors).
      const nextOrder = new Map<number, number>();
      if (table.inverseOrderColumnName) {
        const maxima = (await trx(table.name)
          .select(table.inverseJoinColumn.name)
          .max({ last: table.inverseOrderColumnName })
          .groupBy(table.inverseJoinColumn.name)) as Array<Record<string, number>>;
        for (const row of maxima) nextOrder.set(Number(row[table.inverseJoinColumn.name]), Number(row.last ?? 0) + 1);
      }
      const links: Array<Record<string, number>> = [];
      documents.forEach((document, i) => {
        const targets = document.links[attribute] ?? [];
        for (const sourceId of rowIds.get(documentIds[i]!) ?? []) {
          targets.forEach((targetId, position) => {
            const link: Record<string, number> = { [table.joinColumn.name]: sourceId, [table.inverseJoinColumn.name]: targetId };
            if (table.orderColumnName) link[table.orderColumnName] = position + 1;
            if (table.inverseOrderColumnName) {
              const order = nextOrder.get(targetId) ?? 1;
              link[table.inverseOrderColumnName] = order;
              nextOrder.set(targetId, order + 1);
            }
            links.push(link);
          });
        }
      });
      for (let i = 0; i < links.length; i += 200) await trx(table.name).insert(links.slice(i, i + 200));
    }
    return documentIds;
  });
}

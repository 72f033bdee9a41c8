import type { UID } from '@strapi/strapi';

/**
 * Table and column names for the few raw queries (atomic stock and seats, content fingerprints,
 * view counts), read from Strapi's model metadata: a renamed field or collection then fails loudly
 * here instead of silently missing a string literal.
 */
export function tableOf(uid: UID.Schema): string {
  return strapi.db.metadata.get(uid).tableName;
}

/** The column of a scalar attribute (`updatedAt` → `updated_at`). */
export function columnOf(uid: UID.Schema, attribute: string): string {
  const meta = strapi.db.metadata.get(uid).attributes[attribute] as { columnName?: string } | undefined;
  if (!meta?.columnName) throw new Error(`${uid} has no column for the attribute ${attribute}`);
  return meta.columnName;
}

/** Columns of several attributes at once, by attribute name. */
export function columnsOf<const A extends string>(uid: UID.Schema, ...attributes: A[]): Record<A, string> {
  return Object.fromEntries(attributes.map((attribute) => [attribute, columnOf(uid, attribute)])) as Record<A, string>;
}

/** The morph table that links media files to the documents using them (upload plugin's `related`). */
export function mediaLinks(): { table: string; file: string; type: string; id: string } {
  const related = strapi.db.metadata.get('plugin::upload.file').attributes.related as {
    joinTable?: { name: string; joinColumn: { name: string }; morphColumn: { typeColumn: { name: string }; idColumn: { name: string } } };
  };
  const joinTable = related.joinTable;
  if (!joinTable) throw new Error('plugin::upload.file has no related join table');
  return {
    table: joinTable.name,
    file: joinTable.joinColumn.name,
    type: joinTable.morphColumn.typeColumn.name,
    id: joinTable.morphColumn.idColumn.name,
  };
}

/**
 * The join table that links a document to its repeatable component's rows (`<collection>_cmps`): for inserts of many
 * documents at once, which Strapi's query engine makes without their relations.
 */
export function componentLinks(uid: UID.Schema, attribute: string) {
  const joinTable = joinTableOf(uid, attribute) as {
    name: string;
    joinColumn: { name: string };
    inverseJoinColumn: { name: string };
    on?: { field?: string };
    orderColumnName?: string;
    pivotColumns: string[];
  };
  const [, , fieldColumn, typeColumn] = joinTable.pivotColumns;
  const componentUid = (strapi.db.metadata.get(uid).attributes[attribute] as { target?: string }).target;
  if (!fieldColumn || !typeColumn || !joinTable.orderColumnName || !componentUid)
    throw new Error(`${uid}.${attribute} is not a component's link`);
  return {
    table: joinTable.name,
    entity: joinTable.joinColumn.name,
    component: joinTable.inverseJoinColumn.name,
    field: fieldColumn,
    fieldValue: joinTable.on?.field ?? attribute,
    type: typeColumn,
    typeValue: componentUid,
    order: joinTable.orderColumnName,
  };
}

/** The join table of a one-way relation to one other document (e.g. an order's user). */
export function relationLinks(uid: UID.Schema, attribute: string) {
  const joinTable = joinTableOf(uid, attribute) as { name: string; joinColumn: { name: string }; inverseJoinColumn: { name: string } };
  return { table: joinTable.name, owner: joinTable.joinColumn.name, target: joinTable.inverseJoinColumn.name };
}

function joinTableOf(uid: UID.Schema, attribute: string): unknown {
  const joinTable = (strapi.db.metadata.get(uid).attributes[attribute] as { joinTable?: unknown } | undefined)?.joinTable;
  if (!joinTable) throw new Error(`${uid}.${attribute} has no join table`);
  return joinTable;
}

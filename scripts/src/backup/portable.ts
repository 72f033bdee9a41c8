/**
 * The archive's engine-neutral row form. Each engine stores the same Strapi field differently (SQLite: booleans 0/1,
 * datetimes as epoch milliseconds, JSON as text; PostgreSQL: native types), so a column is described by a kind and its
 * values are written in one form per kind: an archive made on either engine restores into either.
 */
export type ColumnKind = 'integer' | 'float' | 'decimal' | 'boolean' | 'datetime' | 'date' | 'time' | 'json' | 'text' | 'binary';

export interface ColumnInfo {
  name: string;
  kind: ColumnKind;
}

/** The kind of a column from the type the engine declares (SQLite's declared type, PostgreSQL's data_type). */
export function columnKind(declared: string): ColumnKind {
  const type = declared.toLowerCase();
  if (/^(integer|int|bigint|smallint|bigserial|serial|int[248])\b/.test(type)) return 'integer';
  if (/^(float|real|double)/.test(type)) return 'float';
  if (/^(decimal|numeric)/.test(type)) return 'decimal';
  if (/^bool/.test(type)) return 'boolean';
  if (/^(datetime|timestamp)/.test(type)) return 'datetime';
  if (type === 'date') return 'date';
  if (/^time\b/.test(type)) return 'time';
  if (/^jsonb?$/.test(type)) return 'json';
  if (/^(blob|bytea)/.test(type)) return 'binary';
  return 'text';
}

/** A datetime as an engine gives it (Date, epoch ms, or text) to an ISO string in UTC. */
function isoOf(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || (typeof value === 'string' && /^\d{11,}$/.test(value))) return new Date(Number(value)).toISOString();
  const text = String(value);
  // SQLite's CURRENT_TIMESTAMP and raw inserts: 'YYYY-MM-DD HH:MM:SS' in UTC, without a zone.
  const bare = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text);
  const date = new Date(bare ? `${text.replace(' ', 'T')}Z` : text);
  if (Number.isNaN(date.getTime())) throw new Error(`无法识别的时间值：${text}`);
  return date.toISOString();
}

/** One value read from an engine to its portable form (JSON-serializable). */
export function toPortable(kind: ColumnKind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'integer': {
      const number = Number(value);
      return Number.isSafeInteger(number) ? number : String(value);
    }
    case 'float':
    case 'decimal':
      // Strapi's decimal is a float column on SQLite and numeric on PostgreSQL: both hold prices of two decimals, which a
      // double keeps exactly, so both engines give the same number.
      return Number(value);
    case 'boolean':
      return value === true || value === 1 || value === '1' || value === 't' || value === 'true';
    case 'datetime':
      return isoOf(value);
    case 'date':
      return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
    case 'time':
      return String(value);
    case 'json':
      if (typeof value !== 'string') return { json: value };
      // SQLite keeps JSON as text; text that is not JSON is kept as it is.
      try {
        return { json: JSON.parse(value) as unknown };
      } catch {
        return { text: value };
      }
    case 'binary':
      return Buffer.from(value as Uint8Array).toString('base64');
    case 'text':
      return typeof value === 'string' ? value : String(value);
  }
}

export type Engine = 'sqlite' | 'postgres';

/** A portable value to what the target engine's driver binds for that column. */
export function fromPortable(kind: ColumnKind, value: unknown, engine: Engine): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'integer':
      return typeof value === 'string' ? BigInt(value) : value;
    case 'float':
    case 'decimal':
      return Number(value);
    case 'boolean':
      return engine === 'sqlite' ? (value ? 1 : 0) : Boolean(value);
    case 'datetime':
      // Strapi's SQLite stores epoch milliseconds; PostgreSQL takes the ISO text (the timestamp columns are UTC).
      return engine === 'sqlite' ? new Date(String(value)).getTime() : String(value);
    case 'date':
    case 'time':
    case 'text':
      return String(value);
    case 'json': {
      const wrapped = value as { json?: unknown; text?: string };
      return 'text' in wrapped ? wrapped.text : JSON.stringify(wrapped.json);
    }
    case 'binary':
      return Buffer.from(String(value), 'base64');
  }
}

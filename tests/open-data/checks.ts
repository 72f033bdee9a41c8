/**
 * Checks of the open data and the feeds as a user of them would make them: the data package's descriptor against the
 * Data Package v2 requirements (ajv), every CSV read with its table schema (types, required cells, primary keys,
 * foreign keys, hash and size), and an Atom document against RFC 4287's RELAX NG schema (Debian's jing).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Ajv } from 'ajv';

const run = promisify(execFile);
const here = path.dirname(new URL(import.meta.url).pathname);

export interface Field {
  name: string;
  type: string;
  constraints?: { required?: boolean };
}
export interface Resource {
  name: string;
  path: string;
  hash: string;
  bytes: number;
  encoding: string;
  dialect: { delimiter: string; header: boolean };
  schema: {
    fields: Field[];
    primaryKey: string[];
    missingValues: string[];
    foreignKeys: Array<{ fields: string[]; reference: { resource: string; fields: string[] } }>;
  };
}
export interface Descriptor {
  name: string;
  version: string;
  created: string;
  licenses: Array<{ name: string; path: string }>;
  sources: Array<{ title: string }>;
  resources: Resource[];
}

/** The descriptor's problems against the Data Package v2 requirements (empty when it is valid). */
export function descriptorProblems(descriptor: unknown): string[] {
  const schema = JSON.parse(readFileSync(path.join(here, 'datapackage-v2.schema.json'), 'utf8')) as object;
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
  const validate = ajv.compile(schema);
  if (validate(descriptor)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}

/** RFC 4180: quoted cells with doubled quotes, CRLF or LF line ends. Rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** A CSV file's bytes as Excel reads them: the UTF-8 byte order mark first, then the text. */
export function readAsExcel(bytes: Buffer): { bom: boolean; text: string } {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return { bom, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes) };
}

export type Value = string | number | null;

/**
 * Reads every resource's CSV with its schema: the header is the fields' names in order, every cell has its type,
 * required cells are there, primary keys are unique and every foreign key resolves; the file's hash and size are the
 * descriptor's. Returns the typed rows by resource and the problems found.
 */
export function readPackage(descriptor: Descriptor, files: ReadonlyMap<string, Buffer>) {
  const problems: string[] = [];
  const tables = new Map<string, Array<Record<string, Value>>>();
  const names = new Set<string>();
  for (const resource of descriptor.resources) {
    if (names.has(resource.name)) problems.push(`${resource.name}: resource name repeated`);
    names.add(resource.name);
    const bytes = files.get(resource.path);
    if (!bytes) {
      problems.push(`${resource.path}: missing`);
      continue;
    }
    if (resource.hash !== `sha256:${createHash('sha256').update(bytes).digest('hex')}`) problems.push(`${resource.path}: hash differs`);
    if (resource.bytes !== bytes.length) problems.push(`${resource.path}: ${bytes.length} bytes, descriptor says ${resource.bytes}`);
    const [header, ...rows] = parseCsv(readAsExcel(bytes).text);
    const fields = resource.schema.fields;
    if (JSON.stringify(header) !== JSON.stringify(fields.map((f) => f.name))) problems.push(`${resource.path}: header ${String(header)}`);
    const typed: Array<Record<string, Value>> = [];
    rows.forEach((cells, index) => {
      if (cells.length !== fields.length) problems.push(`${resource.path} row ${index + 2}: ${cells.length} cells`);
      const record: Record<string, Value> = {};
      fields.forEach((field, column) => {
        const cell = cells[column] ?? '';
        if (resource.schema.missingValues.includes(cell)) {
          if (field.constraints?.required) problems.push(`${resource.path} row ${index + 2}: ${field.name} is required`);
          record[field.name] = null;
        } else if (field.type === 'integer') {
          if (!/^-?\d+$/.test(cell)) problems.push(`${resource.path} row ${index + 2}: ${field.name} "${cell}" is no integer`);
          record[field.name] = Number(cell);
        } else record[field.name] = cell;
      });
      typed.push(record);
    });
    const keys = typed.map((row) => JSON.stringify(resource.schema.primaryKey.map((name) => row[name])));
    if (new Set(keys).size !== keys.length) problems.push(`${resource.path}: primary key not unique`);
    tables.set(resource.name, typed);
  }
  for (const resource of descriptor.resources) {
    for (const key of resource.schema.foreignKeys) {
      const target = tables.get(key.reference.resource);
      if (!target) {
        problems.push(`${resource.name}: foreign key to missing resource ${key.reference.resource}`);
        continue;
      }
      const known = new Set(target.map((row) => JSON.stringify(key.reference.fields.map((name) => row[name]))));
      const unresolved = (tables.get(resource.name) ?? []).filter((row) => {
        const values = key.fields.map((name) => row[name]);
        return values.every((value) => value !== null) && !known.has(JSON.stringify(values));
      });
      if (unresolved.length > 0)
        problems.push(`${resource.name}.${key.fields.join('+')}: ${unresolved.length} rows do not resolve in ${key.reference.resource}`);
    }
  }
  return { tables, problems };
}

/** jing's complaints about an Atom document against RFC 4287's schema (empty when valid). */
export async function atomProblems(xml: string): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'atom-'));
  const file = path.join(dir, 'feed.xml');
  writeFileSync(file, xml);
  try {
    await run('jing', ['-c', path.join(here, 'atom.rnc'), file]);
    return [];
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    // jing's launcher warns about optional jars on stderr; the validation errors name the file.
    const lines = `${stdout}\n${stderr}`.split('\n').filter((line) => line.includes(file) || /error/i.test(line));
    return lines.length > 0 ? lines : [(error as Error).message];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

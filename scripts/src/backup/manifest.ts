import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CMS_DIR, ROOT } from '../paths.ts';
import type { ColumnInfo, Engine } from './portable.ts';

/** The archive layout this code writes; it reads this one and older ones, and refuses newer ones. */
export const FORMAT = 'feiyi-portal-backup';
export const FORMAT_VERSION = 1;

export interface TableEntry {
  name: string;
  columns: ColumnInfo[];
  rows: number;
  /** Its rows, one JSON array a line, in the archive. */
  file: string;
}

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  createdAt: string;
  /** The commit of the code that made it (or "unknown" outside git). */
  commit: string;
  engine: Engine;
  schemaFingerprint: string;
  tables: TableEntry[];
  uploads: { source: 'local' | 's3'; files: number; bytes: number };
  /** Every other file of the archive: SHA-256 and size. */
  files: Record<string, { sha256: string; size: number }>;
  /** Whether .runtime/secrets.env is in it (encrypted, secrets.enc). */
  secrets: boolean;
}

export const MANIFEST_FILE = 'manifest.json';
/** The manifest's own checksum: a manifest changed by hand or by a flipped bit is caught before it is believed. */
export const MANIFEST_SUM_FILE = 'manifest.sha256';

/** Canonical JSON (keys sorted) so formatting does not change a fingerprint. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

function schemaFiles(dir: string, relative = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) found.push(...schemaFiles(dir, child));
    else if (entry.name.endsWith('.json') && (entry.name === 'schema.json' || relative.startsWith('components'))) found.push(child);
  }
  return found;
}

/**
 * The content-type schema the database follows, as a hash of Strapi's version and the project's content-type and
 * component definitions (canonical JSON): the same on SQLite and PostgreSQL, different as soon as a field changes.
 */
export function schemaFingerprint(cmsDir = CMS_DIR): string {
  const src = path.join(cmsDir, 'src');
  const hash = createHash('sha256');
  const strapiVersion = (JSON.parse(readFileSync(path.join(cmsDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> })
    .dependencies['@strapi/strapi'];
  hash.update(`strapi ${strapiVersion}\n`);
  for (const file of schemaFiles(src).sort()) {
    hash.update(`${file.split(path.sep).join('/')}\n`);
    hash.update(JSON.stringify(canonical(JSON.parse(readFileSync(path.join(src, file), 'utf8')))));
    hash.update('\n');
  }
  return hash.digest('hex').slice(0, 32);
}

export function projectCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export const sha256Text = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** Why a manifest cannot be restored by this code, in Chinese, or undefined when it can. */
export function manifestProblem(manifest: unknown, fingerprint: string): string | undefined {
  const value = manifest as Partial<Manifest> | null;
  if (!value || typeof value !== 'object' || value.format !== FORMAT) return '这不是非遗门户的备份文件（清单格式不符）';
  if (typeof value.formatVersion !== 'number') return '备份清单缺少格式版本，无法识别';
  if (value.formatVersion > FORMAT_VERSION)
    return `此备份由更新版本的门户生成（格式 v${value.formatVersion}，当前代码只认识 v${FORMAT_VERSION} 及以前），请先升级代码再恢复`;
  if (value.engine !== 'sqlite' && value.engine !== 'postgres') return '备份清单中的数据库类型无法识别';
  if (!Array.isArray(value.tables) || !value.files || typeof value.files !== 'object') return '备份清单不完整（缺少表或文件列表）';
  if (value.schemaFingerprint !== fingerprint)
    return `备份的内容结构（指纹 ${String(value.schemaFingerprint).slice(0, 12)}，提交 ${value.commit ?? '未知'}）与当前代码（指纹 ${fingerprint.slice(0, 12)}）不一致：请检出生成它的那个版本的代码再恢复`;
  return undefined;
}

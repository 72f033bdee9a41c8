import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { RUNTIME_DIR } from './paths.ts';
import { processRuns } from './processes.ts';

/** What a running `./portal start` serves from: other commands (backup, restore) find it here. */
export interface PortalState {
  pid: number;
  profile: 'default' | 'scale';
  startedAt: string;
  /** PostgreSQL when set; otherwise SQLite at sqliteFile. */
  databaseUrl?: string | undefined;
  sqliteFile: string;
  publicDir: string;
  /** The uploads' bucket settings (S3_*) when uploads are in an S3-compatible store. */
  uploadsEnv?: NodeJS.ProcessEnv | undefined;
  /** The scale profile's local S3-compatible store, which this portal runs (and takes down when it stops). */
  localUploadStore?: { host: string; port: number } | undefined;
}

export const PORTAL_STATE_FILE = path.join(RUNTIME_DIR, 'portal.json');

export function writePortalState(state: PortalState, file = PORTAL_STATE_FILE): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

/** The running portal's state, or undefined when none runs (a file left by a killed one is ignored). */
export function readPortalState(file = PORTAL_STATE_FILE): PortalState | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const state = JSON.parse(readFileSync(file, 'utf8')) as PortalState;
    return processRuns(state.pid) ? state : undefined;
  } catch {
    return undefined;
  }
}

export function clearPortalState(pid: number, file = PORTAL_STATE_FILE): void {
  try {
    if ((JSON.parse(readFileSync(file, 'utf8')) as PortalState).pid === pid) rmSync(file, { force: true });
  } catch {
    // nothing to clear
  }
}

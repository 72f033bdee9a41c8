/**
 * What a render process needs to render the pages a publish touched, kept on disk between processes: the full build's
 * prerender bundle (Astro's pages, bundled), what each page read, the API answers behind them, the paths with their
 * props' fingerprints and the heading font's state. A render process then starts from it instead of
 * building the whole site, and needs to live only while editors publish (site.ts stops it when idle).
 *
 * Layout of the state folder ({site}.render, beside the served site, never served):
 *   prerender/   the bundle            state        the rest (v8 serialization: Maps, Sets)      basis   sources + PUBLIC_URL
 * A render process writes prerender.next/ and state.next; the parent commits them (commitState) only once the site they
 * belong to is served, so the state on disk always describes the served site.
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { StoredAnswer } from './reads.ts';

/** The parts of Astro's build internals and settings a page's render reads (core/build/environment.js headElements). */
export interface HeadData {
  /** PageBuildData's styles by page key (internals.pagesByKeys). */
  pageStyles: Map<string, unknown[]>;
  entrySpecifierToBundleMap: Map<string, string>;
  /** settings.scripts (stage and content only). */
  scripts: Array<{ stage: string; content: string }>;
}

export interface RenderState {
  /** The bundle's entry, relative to prerender/. */
  entryFile: string;
  head: HeadData;
  siteOrigin: string;
  answers: Map<string, StoredAnswer>;
  /** Memoized values: the answers behind each and its fingerprint (their loads are the site's code, found again by rendering). */
  memo: Map<string, { urls: Set<string>; fingerprint: string | undefined }>;
  /** Each page's route (its route and component), address and reads. */
  pages: Map<string, { route: string; url: string; reads: Set<string> }>;
  paths: Map<string, string>;
  serif: { selectors: { tags: Set<string>; classes: Set<string> }; covered: Set<string> } | undefined;
}

export const statePaths = (dir: string) => ({
  prerender: path.join(dir, 'prerender'),
  prerenderNext: path.join(dir, 'prerender.next'),
  state: path.join(dir, 'state'),
  stateNext: path.join(dir, 'state.next'),
  basis: path.join(dir, 'basis'),
});

export async function writeState(dir: string, state: RenderState): Promise<void> {
  await writeFile(statePaths(dir).stateNext, serialize(state));
}

export async function readState(dir: string): Promise<RenderState> {
  return deserialize(await readFile(statePaths(dir).state)) as RenderState;
}

/** The sources' basis of the committed state, or undefined when there is none (never built, or discarded). */
export function committedBasis(dir: string): string | undefined {
  const files = statePaths(dir);
  if (!existsSync(files.state) || !existsSync(files.prerender) || !existsSync(files.basis)) return undefined;
  return readFileSync(files.basis, 'utf8');
}

/** Makes the state a render process wrote the current one (and its bundle, after a full build). */
export function commitState(dir: string, basis: string): void {
  const files = statePaths(dir);
  if (!existsSync(files.stateNext)) throw new Error('渲染服务没有写出它的状态');
  if (existsSync(files.prerenderNext)) {
    rmSync(files.prerender, { recursive: true, force: true });
    renameSync(files.prerenderNext, files.prerender);
  }
  renameSync(files.stateNext, files.state);
  writeFileSync(files.basis, basis);
}

/** Forgets the state (a failed render may have left it half-updated): the next publish builds the whole site. */
export function discardState(dir: string): void {
  const files = statePaths(dir);
  for (const file of [files.basis, files.state, files.stateNext]) rmSync(file, { force: true });
  rmSync(files.prerenderNext, { recursive: true, force: true });
}

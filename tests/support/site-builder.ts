import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { SiteBuilder } from '../../scripts/src/site.ts';
import { adminRequest, adminToken } from './cms-admin.ts';
import { testEnv } from './env.ts';
import { everyInstanceFollowsTheCms } from './instances.ts';

const COLLECTION = '/content-manager/collection-types/api::culture.culture';

/**
 * The suite's site (and, with renderState, the render state its full build left) in a folder of the test's own,
 * `{run}/{name}/site`: the pages hard-linked (a builder never rewrites a file in place: it swaps whole folders), the
 * state copied (small). A test runs its own builder on it and leaves the suite's site alone.
 */
export function copySuiteSite(name: string, { renderState = false } = {}): { workDir: string; siteDir: string } {
  const workDir = path.join(testEnv.workDir, name);
  const siteDir = path.join(workDir, 'site');
  const suiteSite = path.join(testEnv.workDir, 'site');
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  execFileSync('cp', ['-al', suiteSite, siteDir]);
  if (renderState) execFileSync('cp', ['-r', `${suiteSite}.render`, `${siteDir}.render`]);
  return { workDir, siteDir };
}

/** A site builder on the suite's API and CMS, reporting its builds to the adapter as ./portal's does. */
export function testSiteBuilder(siteDir: string, options: Partial<ConstructorParameters<typeof SiteBuilder>[0]> = {}): SiteBuilder {
  return new SiteBuilder({
    apiUrl: testEnv.webUrl,
    cmsUrl: testEnv.cmsUrl,
    cmsToken: testEnv.cmsToken,
    outDir: siteDir,
    log: () => undefined,
    webhookSecret: testEnv.webhookSecret,
    ...options,
  });
}

/**
 * A culture item as the 内容编辑 edits it in the admin: the first of page `listPage` of the public list (one size-1 page
 * per test file, so files running together edit different items). `publish` saves and publishes a description (`unpublish`
 * takes it off) and waits until every adapter follows; `open` reads it again as the edit view does; its page shows the description.
 */
export async function editedCulture(listPage: number) {
  const token = await adminToken('editor');
  const list = (await (await fetch(`${testEnv.webUrl}/api/culture/page?size=1&page=${listPage}`)).json()) as {
    data: { page: { records: Array<{ id: number }> } };
  };
  const { id } = list.data.page.records[0]!;
  const open = async () => {
    const found = await adminRequest(token, 'GET', `${COLLECTION}?filters[pid][$eq]=${id}&pageSize=1`);
    expect(found.status).toBe(200);
    return (found.body as unknown as { results: Array<{ documentId: string; description: string }> }).results[0]!;
  };
  const document = await open();
  const publish = async (description: string) => {
    expect((await adminRequest(token, 'PUT', `${COLLECTION}/${document.documentId}`, { description })).status).toBe(200);
    expect((await adminRequest(token, 'POST', `${COLLECTION}/${document.documentId}/actions/publish`, {})).status).toBe(200);
    await everyInstanceFollowsTheCms();
  };
  const unpublish = async () => {
    expect((await adminRequest(token, 'POST', `${COLLECTION}/${document.documentId}/actions/unpublish`, {})).status).toBe(200);
    await everyInstanceFollowsTheCms();
  };
  return { id, description: document.description, open, publish, unpublish };
}

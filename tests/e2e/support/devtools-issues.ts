import type { Page } from '@playwright/test';

/**
 * What Chromium's DevTools Issues panel reports for the page (through the protocol's Audits domain): a content
 * security policy violation (zod trying eval), a lazy-loaded image in the first screen, a form field with neither id
 * nor name, a deprecated API. Lighthouse lowers Best Practices for these and none is a console error, so the console
 * watch misses them. Each issue is labelled with the path the page showed when it was raised.
 */
export async function watchDevtoolsIssues(page: Page): Promise<string[]> {
  const issues: string[] = [];
  const session = await page.context().newCDPSession(page);
  session.on('Audits.issueAdded', ({ issue }) => {
    const path = new URL(page.url()).pathname;
    issues.push(`${path}: ${issue.code} ${JSON.stringify(issue.details)}`);
  });
  await session.send('Audits.enable');
  return issues;
}

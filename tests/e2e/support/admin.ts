import type { Page } from '@playwright/test';
import { testEnv } from '../../support/env.ts';

/** Signs in to the CMS's admin in the browser as an editor does, with the super admin's or 内容编辑's account. */
export async function signInToAdmin(page: Page, account: 'admin' | 'editor'): Promise<void> {
  await page.goto(`${testEnv.cmsUrl}/admin/auth/login`);
  await page.locator('input[name="email"]').fill(account === 'editor' ? testEnv.editorEmail : testEnv.adminEmail);
  await page.locator('input[name="password"]').fill(account === 'editor' ? testEnv.editorPassword : testEnv.adminPassword);
  await page.locator('button[type="submit"]').click();
  // The admin's first load takes long on a busy 2-core machine.
  await page.waitForURL(/\/admin(?!\/auth)/, { timeout: 90_000 });
}

import type { Page } from '@playwright/test';
import { testEnv } from '../../support/env.ts';

const ACCOUNTS = {
  admin: () => ({ email: testEnv.adminEmail, password: testEnv.adminPassword }),
  editor: () => ({ email: testEnv.editorEmail, password: testEnv.editorPassword }),
  operator: () => ({ email: testEnv.operatorEmail, password: testEnv.operatorPassword }),
};

/** Signs in to the CMS's admin in the browser as an editor does, with the super admin's, 内容编辑's or 运营's account. */
export async function signInToAdmin(page: Page, account: keyof typeof ACCOUNTS): Promise<void> {
  const { email, password } = ACCOUNTS[account]();
  await page.goto(`${testEnv.cmsUrl}/admin/auth/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  // The admin's first load takes long on a busy 2-core machine.
  await page.waitForURL(/\/admin(?!\/auth)/, { timeout: 90_000 });
}

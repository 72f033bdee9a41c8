import type { BrowserContext, Page } from '@playwright/test';

/** A stored login as the site keeps it (localStorage 'token' and 'user'), set before any page script runs. */
export async function storeLogin(
  context: BrowserContext,
  login: { token: string; user: { id: number; username: string; avatar?: string } },
) {
  await context.addInitScript((value) => {
    if (!sessionStorage.getItem('e2e-login-set')) {
      localStorage.setItem('token', value.token);
      localStorage.setItem('user', JSON.stringify({ avatar: '', backgroundImage: '', ...value.user }));
      sessionStorage.setItem('e2e-login-set', '1');
    }
  }, login);
}

/**
 * Waits until the named island (its component file name, e.g. 'ShopPage') has hydrated. An island that hydrates on the
 * visitor's first interaction (client:interaction) is first given what a pointer coming over it gives.
 */
export async function hydrated(page: Page, component: string) {
  const island = page.locator(`astro-island[component-url*="${component}"]`).first();
  // Bounded, so a page whose island never hydrates fails here, named, rather than as the test's time-out elsewhere.
  await island.waitFor({ state: 'attached', timeout: 45_000 });
  if ((await island.getAttribute('client')) === 'interaction') {
    await island.evaluate((element) => element.dispatchEvent(new PointerEvent('pointerover', { bubbles: true })));
  }
  await page.locator(`astro-island[component-url*="${component}"]:not([ssr])`).first().waitFor({ state: 'attached', timeout: 45_000 });
}

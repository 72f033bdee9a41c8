import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../../scripts/src/test-prerequisites.ts';

// Debian's Chromium, launched as the scripts launch it; never a downloaded browser. The stack's URL comes from ./portal test.
export default defineConfig({
  testDir: '.',
  timeout: 60_000,
  retries: 0,
  // A test.only left in a spec would silently skip every other test: the run fails instead.
  forbidOnly: true,
  workers: 1,
  reporter: [['list']],
  outputDir: '../../.runtime/test-results',
  use: {
    baseURL: process.env.TEST_WEB_URL,
    locale: 'zh-CN',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
    // The site's service worker (offline reading) would answer the scripts a test holds or counts with page.route, out of
    // the page's sight: only offline.spec.ts, which tests the worker, runs with it.
    serviceWorkers: 'block',
  },
  projects: [
    // Every test runs on a desktop, except the files about a phone (the home page's phone behaviour, the walk that holds
    // every page within the phone's width).
    {
      name: 'desktop',
      testIgnore: /(home-phone|phone-width)\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    // A phone runs what differs there, the tests tagged @phone: the nav behind its menu, touch, the home page as one
    // scrolling page, the width walk, axe on the phone layouts, the payment and shop dialogs. Everything else is the same
    // code and markup at another width (phone-width.spec.ts checks that every page fits).
    {
      name: 'mobile',
      grep: /@phone/,
      // A phone: 375 × 812 CSS pixels, touch, mobile viewport rules (Chromium emulating it).
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 375, height: 812 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        userAgent: devices['Pixel 7'].userAgent,
      },
    },
  ],
});

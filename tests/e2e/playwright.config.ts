import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium; never a downloaded browser. The stack's URL comes from ./portal test.
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
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // The home page's stacked modules are for large screens, its phone behaviour for phones: each file runs on its own.
    // So does the walk that holds every page within the phone's width.
    {
      name: 'desktop',
      testIgnore: /(home-phone|phone-width)\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    // The CMS admin is an editors' desktop tool: its test runs on desktop only.
    {
      name: 'mobile',
      testIgnore: /(editor|home-steps)\.spec\.ts/,
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

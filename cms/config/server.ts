import type { Core } from '@strapi/strapi';
import cronTasks from './cron-tasks';

export default ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Server => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
  url: env('PUBLIC_CMS_URL', ''),
  app: { keys: env.array('APP_KEYS', []) },
  // Tests run against their own uploads folder so they never touch the demo portal's files.
  dirs: { public: env('CMS_PUBLIC_DIR', './public') },
  cron: { enabled: env.bool('CRON_ENABLED', true), tasks: cronTasks },
  logger: { updates: { enabled: false }, startup: { enabled: false } },
});

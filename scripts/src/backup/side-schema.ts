import net from 'node:net';
import path from 'node:path';
import type { Secrets } from '../secrets.ts';
import { startService, waitForHttp } from '../processes.ts';
import { cmsCommand } from '../stack.ts';
import type { DatabaseLocation } from './backup.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Lets Strapi itself create every table, column and index of this code's schema in an empty side database: one start
 * without the seed (SEED=false), stopped once healthy. Rows then come from the archive, whichever engine made it —
 * translating one engine's DDL to the other's would be a second, drifting copy of Strapi's own.
 */
export async function createSchemaWithStrapi(database: DatabaseLocation, options: { secrets: Secrets; workDir: string }): Promise<void> {
  const port = await freePort();
  const service = startService(
    cmsCommand({
      host: '127.0.0.1',
      cmsPort: port,
      secrets: options.secrets,
      logDir: path.join(options.workDir, 'logs'),
      logName: 'restore-schema-cms',
      ...(database.engine === 'postgres' ? { databaseUrl: database.url } : {}),
      sqliteFile: database.engine === 'sqlite' ? database.file : path.join(options.workDir, 'unused.db'),
      publicDir: path.join(options.workDir, 'restore-public'),
      demo: { username: 'restore-schema', password: 'unused-Restore-1' },
      serveAdmin: false,
      // Nobody listens there: this Strapi's bootstrap writes must not reach the running portal's adapter.
      webUrl: 'http://127.0.0.1:9',
      extraEnv: { SEED: 'false' },
    }),
  );
  try {
    await waitForHttp(`http://127.0.0.1:${port}/_health`, service, { expect: [204], timeoutMs: 600_000 });
  } finally {
    await service.stop();
  }
}

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Secrets } from './secrets.ts';
import { ADAPTER_DIR, CMS_DIR } from './paths.ts';
import { assertPortFree, startService, waitForHttp, type Service } from './processes.ts';
import { metricsPorts } from '../../contract/src/metrics.ts';

export interface StackOptions {
  host: string;
  cmsPort: number;
  webPort: number;
  secrets: Secrets;
  logDir: string;
  /** PostgreSQL when set; otherwise SQLite at sqliteFile. */
  databaseUrl?: string;
  sqliteFile: string;
  /** Strapi's public folder (uploads go to <publicDir>/uploads). */
  publicDir: string;
  siteDir: string;
  demo: { username: string; password: string };
  resetAdminPassword?: boolean;
  /** The staff passwords ./portal has just generated (EDITOR_PASSWORD, OPERATOR_PASSWORD): existing accounts take them. */
  resetStaffPasswords?: string[];
  serveAdmin?: boolean;
  extraAdapterEnv?: NodeJS.ProcessEnv;
  /** The address visitors (and phones on the LAN) use; defaults to http://host:webPort. */
  publicUrl?: string | undefined;
}

export interface RunningStack {
  webUrl: string;
  cmsUrl: string;
  services: Service[];
  stop(): Promise<void>;
}

const baseEnv = (): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  LANG: process.env.LANG ?? 'C.UTF-8',
  TZ: process.env.TZ,
  npm_config_nodedir: process.env.npm_config_nodedir,
  STRAPI_TELEMETRY_DISABLED: 'true',
  ASTRO_TELEMETRY_DISABLED: '1',
});

export async function startStack(options: StackOptions): Promise<RunningStack> {
  await assertPortFree(options.cmsPort, options.host, '内容管理服务 CMS');
  await assertPortFree(options.webPort, options.host, '网站与 API');
  const cmsUrl = `http://${options.host}:${options.cmsPort}`;
  const webUrl = `http://${options.host}:${options.webPort}`;
  const services: Service[] = [];
  const stop = async () => {
    for (const service of [...services].reverse()) await service.stop();
  };

  try {
    // Metrics on internal ports derived from the public one (contract/metrics.ts), never served by the public port.
    const ports = metricsPorts(options.webPort, 1);
    const cms = startCms({ ...options, webUrl, extraEnv: { METRICS_PORT: String(ports.cms) } });
    services.push(cms);
    // A first start seeds every document before it answers: over 3 minutes on a busy 2-core machine.
    await waitForHttp(`${cmsUrl}/_health`, cms, { expect: [204], timeoutMs: 600_000 });

    const adapter = startAdapter(options, {
      port: options.webPort,
      publicUrl: options.publicUrl ?? webUrl,
      cmsUrl,
      env: { METRICS_PORT: String(ports.adapters[0]) },
    });
    services.push(adapter);
    await waitForHttp(`${webUrl}/api/health`, adapter);
    return { webUrl, cmsUrl, services, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** One adapter instance (compiled nowhere: Node runs its TypeScript) with the portal's settings. */
export function startAdapter(
  options: Pick<StackOptions, 'host' | 'secrets' | 'logDir' | 'siteDir' | 'publicDir' | 'extraAdapterEnv'>,
  instance: { port: number; publicUrl: string; cmsUrl: string; name?: string; env?: NodeJS.ProcessEnv },
): Service {
  const { secrets } = options;
  const ownUrl = `http://${options.host}:${instance.port}`;
  return startService({
    name: instance.name ?? 'adapter',
    command: process.execPath,
    // V8 sizes the young generation by the machine's memory (up to 3 × 64 MB here) and keeps it once grown: loading
    // the national list and its search index grew it for good, 320 MB resident for 78 MB of live data. Capped,
    // the adapter stays near 230 MB.
    args: ['--max-semi-space-size=16', path.join(ADAPTER_DIR, 'src', 'server.ts')],
    cwd: ADAPTER_DIR,
    logDir: options.logDir,
    env: {
      ...baseEnv(),
      NODE_ENV: 'production',
      HOST: options.host,
      PORT: String(instance.port),
      PUBLIC_URL: instance.publicUrl,
      CMS_URL: instance.cmsUrl,
      CMS_API_TOKEN: secrets.CMS_API_TOKEN,
      JWT_SECRET: secrets.JWT_SECRET,
      WEBHOOK_SECRET: secrets.WEBHOOK_SECRET,
      PREVIEW_SECRET: secrets.PREVIEW_SECRET,
      // The preview pages render in this process with the site's API client, whose address at build time is
      // PORTAL_API_URL: here it is this adapter itself (left unset, it was 127.0.0.1:8080, whoever listens there).
      PORTAL_API_URL: ownUrl,
      SITE_DIR: options.siteDir,
      UPLOADS_DIR: path.join(options.publicDir, 'uploads'),
      // The CMS's upload address (cmsCommand passes it the S3_* settings): visitors' avatars may be saved under it.
      S3_PUBLIC_URL: process.env.S3_PUBLIC_URL ?? '',
      // Traces go where OpenTelemetry's standard variables say (api-adapter/src/tracing.ts); none set: no tracing at all.
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('OTEL_'))),
      ...options.extraAdapterEnv,
      ...instance.env,
    },
  });
}

export type CmsOptions = Pick<
  StackOptions,
  | 'host'
  | 'cmsPort'
  | 'secrets'
  | 'logDir'
  | 'databaseUrl'
  | 'sqliteFile'
  | 'publicDir'
  | 'demo'
  | 'resetAdminPassword'
  | 'resetStaffPasswords'
  | 'serveAdmin'
> & { webUrl: string; extraEnv?: NodeJS.ProcessEnv; logName?: string };

/** How Strapi is started: its program, arguments, folder and environment (with the secrets), and where it logs. */
export interface CmsCommand {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  logDir: string;
}

/** Starts Strapi (compiled by buildCms) with the portal's settings; resolves once the process is spawned. */
export function startCms(options: CmsOptions): Service {
  return startService(cmsCommand(options));
}

/** The exact command startCms runs (the CMS restart fault test starts the CMS again with it). */
export function cmsCommand(options: CmsOptions): CmsCommand {
  const { secrets } = options;
  mkdirSync(path.join(options.publicDir, 'uploads'), { recursive: true });
  mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  return {
    name: options.logName ?? 'cms',
    command: process.execPath,
    args: [path.join(CMS_DIR, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js'), 'start'],
    cwd: CMS_DIR,
    logDir: options.logDir,
    env: {
      ...baseEnv(),
      NODE_ENV: 'production',
      HOST: options.host,
      PORT: String(options.cmsPort),
      APP_KEYS: secrets.APP_KEYS,
      API_TOKEN_SALT: secrets.API_TOKEN_SALT,
      ADMIN_JWT_SECRET: secrets.ADMIN_JWT_SECRET,
      TRANSFER_TOKEN_SALT: secrets.TRANSFER_TOKEN_SALT,
      ENCRYPTION_KEY: secrets.ENCRYPTION_KEY,
      JWT_SECRET: secrets.JWT_SECRET,
      CMS_API_TOKEN: secrets.CMS_API_TOKEN,
      ADMIN_EMAIL: secrets.ADMIN_EMAIL,
      ADMIN_PASSWORD: secrets.ADMIN_PASSWORD,
      PORTAL_RESET_ADMIN_PASSWORD: options.resetAdminPassword ? 'true' : 'false',
      EDITOR_EMAIL: secrets.EDITOR_EMAIL,
      EDITOR_PASSWORD: secrets.EDITOR_PASSWORD,
      OPERATOR_EMAIL: secrets.OPERATOR_EMAIL,
      OPERATOR_PASSWORD: secrets.OPERATOR_PASSWORD,
      PORTAL_RESET_STAFF_PASSWORDS: (options.resetStaffPasswords ?? []).join(','),
      DEMO_USERNAME: options.demo.username,
      DEMO_PASSWORD: options.demo.password,
      WEBHOOK_URL: `${options.webUrl}/api/internal/cms-events`,
      WEBHOOK_SECRET: secrets.WEBHOOK_SECRET,
      // The preview button signs addresses on the site (cms/config/admin.ts).
      PREVIEW_SECRET: secrets.PREVIEW_SECRET,
      PREVIEW_SITE_URL: options.webUrl,
      CMS_PUBLIC_DIR: options.publicDir,
      // The scheduled backups' outcome, for the 超级管理员's 数据备份 widget (cms/src/backup-status/route.ts).
      BACKUP_STATUS_FILE: path.join(path.dirname(options.sqliteFile), '..', 'backup-status.json'),
      SERVE_ADMIN: options.serveAdmin === false ? 'false' : 'true',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATABASE_FILENAME: options.sqliteFile }),
      // Uploads go to the S3-compatible bucket these name (cms/src/media/upload-store.ts); none set: the local folder.
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('S3_'))),
      // Traces as the adapters' (cms/src/observability/tracing.ts), under the CMS's own service name (feiyi-cms):
      // OTEL_SERVICE_NAME names the adapters.
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('OTEL_') && name !== 'OTEL_SERVICE_NAME')),
      ...options.extraEnv,
    },
  };
}

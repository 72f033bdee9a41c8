import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { ROOT } from './paths.ts';
import { assertPortFree, CommandError, run, startService, waitForHttp, type Service } from './processes.ts';
import { cmsCommand, startAdapter, type CmsCommand, type RunningStack, type StackOptions } from './stack.ts';
import { ensureScaleOutServices } from './test-prerequisites.ts';
import { metricsPorts } from '../../contract/src/metrics.ts';
import { ReadinessSupervisor } from './readiness-supervisor.ts';
import { rollAdapters, type RollableAdapter } from './rolling-restart.ts';
import { startUploadStore, uploadStoreBucketUrl, uploadStoreEnv } from './upload-store.ts';

/**
 * The scale profile: the CMS on PostgreSQL, several adapter instances sharing Redis, uploads in an S3-compatible
 * bucket, nginx in front of them serving the built site and the uploads. The site is built by the one ./portal process that started the profile (SiteBuilder):
 * the adapters only reload their caches, so no lock is needed for the build.
 */
export interface ScaleOptions extends StackOptions {
  databaseUrl: string;
  redisUrl: string;
  /** How many adapter instances (ports webPort + 1 …). */
  adapters: number;
  /** Where the rendered nginx configuration, its pid and temp folders go. */
  nginxDir: string;
  /**
   * A local S3-compatible store's port and files, and the site's bucket when the site is synced to it (SITE_S3_BUCKET);
   * undefined: the bucket the environment names (S3_BUCKET …).
   */
  uploadStore?: { port: number; directory: string; siteBucket?: string | undefined } | undefined;
  /** Where the readiness supervisor says which instance it takes out of nginx and when it is back. */
  log?: ((line: string) => void) | undefined;
}

/** The upload store's port when UPLOAD_STORE_PORT does not say: past the largest number of adapters (8). */
export const defaultUploadStorePort = (webPort: number) => webPort + 9;

/**
 * The address nginx reads a bucket the environment names from: path style (S3_FORCE_PATH_STYLE) or the bucket's own
 * host (virtual-hosted, as AWS, OSS and COS answer). Not under S3_ROOT_PATH: the upload provider puts the folder in the
 * file's address itself (`/uploads/<folder>/<name>`), and nginx passes that path on whole.
 */
export function bucketUrlOf(env: NodeJS.ProcessEnv): string {
  if (!env.S3_BUCKET) throw new Error('S3_BUCKET is not set');
  const endpoint = new URL(env.S3_ENDPOINT || `https://s3.${env.S3_REGION || 'us-east-1'}.amazonaws.com`);
  const pathStyle = env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1';
  return pathStyle ? `${endpoint.origin}/${env.S3_BUCKET}` : `${endpoint.protocol}//${env.S3_BUCKET}.${endpoint.host}`;
}

const NGINX_TEMPLATE = path.join(ROOT, 'deploy', 'nginx', 'portal.conf.template');
const SECURITY_HEADERS = path.join(ROOT, 'deploy', 'nginx', 'security-headers.conf');
const BROTLI_MODULE = '/usr/share/nginx/modules/ngx_http_brotli_static_module.so';
const BROTLI_PACKAGE = 'libnginx-mod-http-brotli-static';

/** Whether nginx can send the site build's .br copies (Debian's libnginx-mod-http-brotli-static is installed). */
export const nginxServesBrotli = () => existsSync(BROTLI_MODULE);

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** nginx's program: Debian puts it in /usr/sbin, which a normal user's PATH may lack. */
export function nginxPath(): string | undefined {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() || undefined : undefined;
}

/** Debian's nginx, installed when missing and we are root (as the browser tests' Chromium is); otherwise how to. */
async function ensureNginx(log: (line: string) => void): Promise<string> {
  const existing = nginxPath();
  const canInstall = isRoot() && existsSync('/usr/bin/apt-get');
  if (existing && (nginxServesBrotli() || !canInstall)) return existing;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args: string[], label: string) => run('apt-get', args, { cwd: '/', env, quiet: true, label });
  if (!existing) {
    const command = `apt-get update && apt-get install -y --no-install-recommends nginx ${BROTLI_PACKAGE}`;
    if (!canInstall) throw new CommandError(`扩展部署需要 nginx，请先运行：sudo sh -c '${command}'`);
    log('安装扩展部署所需的 Debian 软件包 nginx…');
    await apt(['update', '-qq'], 'apt-get update');
    await apt(['install', '-y', '-qq', '--no-install-recommends', 'nginx'], 'apt-get install');
  }
  const installed = nginxPath();
  if (!installed) throw new CommandError('安装后仍找不到 nginx，请手动运行：apt-get install -y nginx');
  // Debian's nginx has no brotli; its module package lets nginx send the build's .br copies. Without it (another
  // distribution, or a module built for another nginx) the site is served as gzip, which the start line says.
  log(`安装 nginx 的 brotli 模块（Debian 软件包 ${BROTLI_PACKAGE}）…`);
  try {
    if (existing) await apt(['update', '-qq'], 'apt-get update');
    await apt(['install', '-y', '-qq', '--no-install-recommends', BROTLI_PACKAGE], 'apt-get install');
  } catch (error) {
    log(`未能安装 ${BROTLI_PACKAGE}（${(error as Error).message.split('\n')[0]}），网站只以 gzip 提供`);
  }
  return installed;
}

async function checkPostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    throw new CommandError(`无法连接 PostgreSQL（${redactUrl(databaseUrl)}）：${(error as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function checkRedis(redisUrl: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 3000 });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new CommandError(`无法连接 Redis（${redactUrl(redisUrl)}）：${(error as Error).message}`);
  } finally {
    redis.disconnect();
  }
}

/** The database named in the URL, created on the server when it does not exist yet (a first start). */
async function ensureDatabase(databaseUrl: string, log: (line: string) => void): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new CommandError(`数据库名只能由字母、数字和下划线组成：${name}`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      log(`创建 PostgreSQL 数据库 ${name}…`);
      await admin.query(`CREATE DATABASE "${name}"`);
    }
  } catch (error) {
    throw new CommandError(`无法准备 PostgreSQL 数据库 ${name}：${(error as Error).message}`);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

const redactUrl = (value: string) => value.replace(/\/\/[^@/]*@/, '//***@');

/**
 * What the profile needs, checked (and started or installed where we can) before anything starts, one line each:
 * PostgreSQL, Redis, nginx. Returns nginx's program.
 */
export async function ensureScaleProfile(
  options: { databaseUrl?: string; redisUrl: string; createDatabase: boolean },
  log: (line: string) => void,
): Promise<string> {
  // The machine's own PostgreSQL and Redis are started when installed but stopped (as for the PostgreSQL test suite).
  // Without a databaseUrl (the test suite, which runs a cluster of its own) only Redis is checked here.
  const local = (url: string, port: string) => ['127.0.0.1', 'localhost'].includes(new URL(url).hostname) && (new URL(url).port || port);
  const { databaseUrl } = options;
  if (local(options.redisUrl, '6379') === '6379') {
    if (!databaseUrl) await ensureScaleOutServices(log, { postgres: false });
    else if (local(databaseUrl, '5432') === '5432') await ensureScaleOutServices(log);
  }
  if (databaseUrl) {
    if (options.createDatabase) await ensureDatabase(databaseUrl, log);
    await checkPostgres(databaseUrl);
    log(`PostgreSQL 可连接：${redactUrl(databaseUrl)}`);
  }
  await checkRedis(options.redisUrl);
  log(`Redis 可连接：${redactUrl(options.redisUrl)}`);
  const nginx = await ensureNginx(log);
  log(`nginx 已安装：${nginx}${existsSync(BROTLI_MODULE) ? '（含 brotli 模块）' : '（无 brotli 模块：只提供 gzip 预压缩文件）'}`);
  return nginx;
}

/** nginx's configuration for these adapters, from the template in deploy/nginx. */
export function renderNginxConfig(options: {
  listen: string;
  upstreams: string[];
  siteDir: string;
  /** The bucket (or its folder) /uploads/ is read from. */
  uploadsStore: string;
  /** The CMS's own uploads folder, which still holds the files uploaded before they went to the bucket. */
  legacyUploadsDir: string;
  runtimeDir: string;
  logDir: string;
  brotli: boolean;
  user?: string | undefined;
  /** Upstreams marked down (not ready): nginx sends them nothing until they are ready again. */
  down?: readonly string[] | undefined;
}): string {
  const values: Record<string, string> = {
    USER_LINE: options.user ? `user ${options.user};` : '',
    RUNTIME_DIR: options.runtimeDir,
    LOG_DIR: options.logDir,
    BROTLI_MODULE: options.brotli ? `load_module ${BROTLI_MODULE};` : '',
    BROTLI_STATIC: options.brotli ? 'brotli_static on;' : '',
    UPSTREAM_SERVERS: options.upstreams
      .map((address) => `    server ${address} max_fails=1 fail_timeout=3s${options.down?.includes(address) ? ' down' : ''};`)
      .join('\n'),
    LISTEN: options.listen,
    SITE_DIR: options.siteDir,
    UPLOADS_STORE: options.uploadsStore.replace(/\/+$/, ''),
    // Served as root + /uploads/<name>: the folder above uploads/.
    LEGACY_UPLOADS_ROOT: path.dirname(path.resolve(options.legacyUploadsDir)),
  };
  return readFileSync(NGINX_TEMPLATE, 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (_match, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`nginx template: unknown placeholder ${key}`);
    return value;
  });
}

/** Every adapter's port: the ones after nginx's. */
export const adapterPorts = (webPort: number, count: number) => Array.from({ length: count }, (_, i) => webPort + 1 + i);

export interface RunningScaleStack extends RunningStack {
  /** The adapter instances, in order (adapter-1 first), and their own addresses. */
  adapters: RollableAdapter[];
  /** Replaces the adapters one at a time, each drained first (rolling-restart.ts); one rollout at a time. */
  rollAdapters(onStep?: Parameters<typeof rollAdapters>[0]['onStep']): Promise<void>;
  nginx: Service;
  /** The bucket uploads are read from, and the local store's service when the profile started one. */
  uploadsStore: string;
  uploadStore?: Service;
  /** The CMS process and the exact command that started it. */
  cms: { service: Service; command: CmsCommand };
}

export async function startScaleStack(options: ScaleOptions, nginxProgram: string): Promise<RunningScaleStack> {
  const ports = adapterPorts(options.webPort, options.adapters);
  await assertPortFree(options.cmsPort, options.host, '内容管理服务 CMS');
  await assertPortFree(options.webPort, options.host, 'nginx');
  for (const port of ports) await assertPortFree(port, options.host, '适配层实例');
  const cmsUrl = `http://${options.host}:${options.cmsPort}`;
  const webUrl = `http://${options.host}:${options.webPort}`;
  const publicUrl = options.publicUrl ?? webUrl;
  const services: Service[] = [];
  let supervisor: ReadinessSupervisor | undefined;
  const stop = async () => {
    supervisor?.stop();
    for (const service of [...services].reverse()) await service.stop();
  };

  try {
    // A local S3-compatible store, or the bucket the environment names (S3, OSS, COS …) as it is.
    let uploadStore: Service | undefined;
    let uploadsStore = '';
    let storeEnv: NodeJS.ProcessEnv = {};
    if (options.uploadStore) {
      const address = { host: options.host, port: options.uploadStore.port };
      uploadStore = await startUploadStore({
        ...address,
        directory: options.uploadStore.directory,
        siteBucket: options.uploadStore.siteBucket,
        logDir: options.logDir,
      });
      services.push(uploadStore);
      uploadsStore = uploadStoreBucketUrl(address);
      storeEnv = uploadStoreEnv(address);
    } else {
      uploadsStore = bucketUrlOf(process.env);
    }

    // The CMS's webhook and preview links go to nginx: the webhook reaches one adapter, which tells the others.
    const metrics = metricsPorts(options.webPort, options.adapters);
    const command = cmsCommand({ ...options, webUrl, extraEnv: { ...storeEnv, METRICS_PORT: String(metrics.cms) } });
    const cms = startService(command);
    services.push(cms);
    await waitForHttp(`${cmsUrl}/_health`, cms, { expect: [204], timeoutMs: 600_000 });

    // The i-th instance as its settings say now: at the start, and again for each step of a rolling restart.
    const launch = (i: number) => {
      const name = `adapter-${i + 1}`;
      return startAdapter(
        { ...options, extraAdapterEnv: { TRUST_PROXY: '127.0.0.1', ...options.extraAdapterEnv } },
        {
          port: ports[i]!,
          publicUrl,
          cmsUrl,
          name,
          // The CMS's upload address: the local store's, or the environment's (S3_PUBLIC_URL, a CDN's for instance).
          env: {
            REDIS_URL: options.redisUrl,
            INSTANCE_NAME: name,
            S3_PUBLIC_URL: command.env.S3_PUBLIC_URL ?? '',
            METRICS_PORT: String(metrics.adapters[i]),
          },
        },
      );
    };
    const adapters = ports.map((port, i) => {
      const service = launch(i);
      services.push(service);
      return { name: `adapter-${i + 1}`, url: `http://${options.host}:${port}`, upstream: `${options.host}:${port}`, service };
    });
    for (const adapter of adapters) await waitForHttp(`${adapter.url}/api/health`, adapter.service);

    const runtimeDir = path.resolve(options.nginxDir);
    mkdirSync(runtimeDir, { recursive: true });
    mkdirSync(options.logDir, { recursive: true });
    writeFileSync(path.join(runtimeDir, 'security-headers.conf'), readFileSync(SECURITY_HEADERS));
    const configFile = path.join(runtimeDir, 'nginx.conf');
    const upstreams = adapters.map((adapter) => adapter.upstream);
    const writeConfig = (down: readonly string[]) =>
      writeFileSync(
        configFile,
        renderNginxConfig({
          listen: `${options.host}:${options.webPort}`,
          upstreams,
          siteDir: path.resolve(options.siteDir),
          uploadsStore,
          legacyUploadsDir: path.resolve(options.publicDir, 'uploads'),
          runtimeDir,
          logDir: path.resolve(options.logDir),
          brotli: existsSync(BROTLI_MODULE),
          // Started by root, nginx's workers would otherwise run as nobody, who may not read the site's folder.
          user: isRoot() ? 'root root' : undefined,
          down,
        }),
      );
    writeConfig([]);
    const errorLog = path.resolve(options.logDir, 'nginx-error.log');
    await run(nginxProgram, ['-t', '-q', '-e', errorLog, '-p', runtimeDir, '-c', configFile], {
      cwd: runtimeDir,
      quiet: true,
      label: 'nginx 配置检查',
    });
    const nginx = startService({
      name: 'nginx',
      command: nginxProgram,
      args: ['-e', errorLog, '-p', runtimeDir, '-c', configFile, '-g', 'daemon off;'],
      cwd: runtimeDir,
      env: { PATH: process.env.PATH },
      logDir: options.logDir,
    });
    services.push(nginx);
    await waitForHttp(`${webUrl}/api/health`, nginx);
    // An instance that is up but not ready (its content not loaded, Redis unreachable from it, overloaded, draining) gets
    // no traffic until it is: the config is written again with it down and nginx reloads (SIGHUP), without a dropped request.
    supervisor = new ReadinessSupervisor({
      instances: adapters.map((adapter) => ({ name: adapter.name, url: adapter.url, upstream: adapter.upstream })),
      apply: (down) => {
        writeConfig(down);
        if (nginx.child.pid) process.kill(nginx.child.pid, 'SIGHUP');
      },
      log: options.log ?? (() => undefined),
    });
    supervisor.start();
    const running = supervisor;
    let rolling: Promise<void> | undefined;
    const roll = (onStep?: Parameters<typeof rollAdapters>[0]['onStep']) => {
      rolling ??= rollAdapters({
        adapters,
        launch: (i) => {
          const fresh = launch(i);
          // The stack's list of services (stopped at the end, their memory in the metrics) follows the replacement.
          const at = services.indexOf(adapters[i]!.service);
          if (at >= 0) services[at] = fresh;
          return fresh;
        },
        supervisor: running,
        log: options.log ?? (() => undefined),
        onStep,
      }).finally(() => (rolling = undefined));
      return rolling;
    };
    return {
      webUrl,
      cmsUrl,
      services,
      stop,
      adapters,
      rollAdapters: roll,
      nginx,
      uploadsStore,
      ...(uploadStore ? { uploadStore } : {}),
      cms: { service: cms, command },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

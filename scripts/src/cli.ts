import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildCms } from './builds.ts';
import { ROOT, RUNTIME_DIR, SECRETS_FILE } from './paths.ts';
import { CommandError, run } from './processes.ts';
import { loadOrCreateSecrets, SecretsFileError } from './secrets.ts';
import { SiteBuilder } from './site.ts';
import { SiteBucket, SiteSyncError, siteBucketSettings } from './site-bucket.ts';
import { defaultUploadStorePort, ensureScaleProfile, startScaleStack, type RunningScaleStack } from './scale.ts';
import { uploadStoreEnv } from './upload-store.ts';
import { startStack, type RunningStack } from './stack.ts';
import { runTests } from './test-runner.ts';
import { backupCommand, restoreCommand } from './backup/command.ts';
import { clearPortalState, writePortalState } from './portal-state.ts';
import { BACKUP_DIR } from './backup/command.ts';
import { scheduleBackups } from './backup/schedule.ts';
import { uploadsBucket } from './backup/uploads-s3.ts';
import { parseBackupInterval } from '../../contract/src/backup-status.ts';
import { ensurePrometheus, startObservability } from './observability.ts';
import { acceptRollouts, requestRollout } from './rollout-control.ts';

export const DEMO_ACCOUNT = { username: 'demo', password: 'feiyi2026' };

const log = (line: string) => console.log(`» ${line}`);

/** --profile: the embedded default (one process each, SQLite unless DATABASE_URL), or scale (PostgreSQL, Redis, nginx, N adapters). */
function readProfile(profile: string | undefined, adapters: string | undefined): { scale: boolean; adapters: number } {
  if (profile !== undefined && profile !== 'scale' && profile !== 'default') throw new CommandError('--profile 只能是 default 或 scale');
  const count = adapters === undefined ? 2 : Number(adapters);
  if (!Number.isInteger(count) || count < 1 || count > 8) throw new CommandError('--adapters 须为 1–8 的整数');
  if (adapters !== undefined && profile !== 'scale') throw new CommandError('--adapters 只用于 --profile scale');
  return { scale: profile === 'scale', adapters: count };
}

/** The scale profile's PostgreSQL database and Redis when the environment names none. */
export const SCALE_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/feiyi_portal';
export const SCALE_REDIS_URL = 'redis://127.0.0.1:6379/0';
const PORTAL_PID_FILE = path.join(RUNTIME_DIR, 'portal.pid');
const ROLLOUT_STATUS_FILE = path.join(RUNTIME_DIR, 'rollout-status.json');

async function start(flags: { 'until-ready'?: boolean; 'rebuild-site'?: boolean; profile?: string; adapters?: string }) {
  const profile = readProfile(flags.profile, flags.adapters);
  const started = Date.now();
  const { secrets, created, added } = loadOrCreateSecrets(SECRETS_FILE);
  if (created) log(`已生成本地密钥：${path.relative(process.cwd(), SECRETS_FILE)}`);
  if (added.length > 0) log(`已在 ${path.relative(process.cwd(), SECRETS_FILE)} 中补充：${added.join('、')}`);
  const host = process.env.HOST ?? '127.0.0.1';
  const webPort = Number(process.env.PORT ?? 8080);
  const cmsPort = Number(process.env.CMS_PORT ?? 1337);
  const siteDir = path.join(RUNTIME_DIR, 'site');
  const publicUrl = readPublicUrl(process.env.PUBLIC_URL);

  const databaseUrl = process.env.DATABASE_URL || (profile.scale ? SCALE_DATABASE_URL : undefined);
  const redisUrl = process.env.REDIS_URL || SCALE_REDIS_URL;
  // The scale profile's local S3-compatible store, unless the environment names a bucket (S3_BUCKET …).
  const localStore =
    profile.scale && !process.env.S3_BUCKET
      ? {
          port: Number(process.env.UPLOAD_STORE_PORT ?? defaultUploadStorePort(webPort)),
          directory: path.join(RUNTIME_DIR, 'upload-store'),
        }
      : undefined;
  // The site's bucket (SITE_S3_BUCKET) with the upload store's account: the local store's, or the environment's. Checked
  // before anything starts.
  const siteBucket = siteBucketSettings({ ...process.env, ...(localStore ? uploadStoreEnv({ host, port: localStore.port }) : {}) });
  const backupSchedule = readBackupSchedule(process.env);
  const nginx = profile.scale ? await ensureScaleProfile({ databaseUrl: databaseUrl!, redisUrl, createDatabase: true }, log) : undefined;
  const prometheus = profile.scale ? await ensurePrometheus(log) : undefined;

  await buildCms(log);
  log(
    profile.scale
      ? `启动内容管理服务（PostgreSQL）、${profile.adapters} 个适配层实例（共享 Redis）与 nginx（首次启动会写入种子内容）…`
      : '启动内容管理服务与 API（首次启动会写入种子内容）…',
  );
  const stackOptions = {
    host,
    cmsPort,
    webPort,
    secrets,
    logDir: path.join(RUNTIME_DIR, 'logs'),
    databaseUrl,
    sqliteFile: path.join(RUNTIME_DIR, 'data', 'portal.db'),
    publicDir: path.join(RUNTIME_DIR, 'cms-public'),
    siteDir,
    demo: DEMO_ACCOUNT,
    resetAdminPassword: created,
    resetStaffPasswords: created ? ['EDITOR_PASSWORD', 'OPERATOR_PASSWORD'] : added.filter((key) => key.endsWith('_PASSWORD')),
    publicUrl,
  };
  const stack: RunningStack = nginx
    ? await startScaleStack(
        {
          ...stackOptions,
          databaseUrl: databaseUrl!,
          redisUrl,
          adapters: profile.adapters,
          nginxDir: path.join(RUNTIME_DIR, 'nginx'),
          log,
          // The bucket the environment names (S3_BUCKET …), or a local S3-compatible store (holding the site's bucket too).
          uploadStore: localStore && { ...localStore, siteBucket: siteBucket?.bucket },
        },
        nginx,
      )
    : await startStack(stackOptions);
  // This process's metrics (the site builds, every started process's memory, the backup job's status file) and, in the
  // scale profile, a Prometheus scraping every process.
  let renderPid: () => number | undefined = () => undefined;
  const observability = await startObservability({
    webPort,
    adapters: nginx ? (stack as RunningScaleStack).adapters : [{ name: 'adapter' }],
    processes: () => [
      ...stack.services.map((service) => ({ name: service.name, pid: service.child.pid })),
      { name: 'site-renderer', pid: renderPid() },
      // This process too: with the others, the whole deployment's memory.
      { name: 'portal', pid: process.pid },
    ],
    backupStatusFile: path.join(RUNTIME_DIR, 'backup-status.json'),
    dataDir: RUNTIME_DIR,
    prometheus: prometheus?.prometheus,
    prometheusDir: path.join(RUNTIME_DIR, 'prometheus'),
    logDir: path.join(RUNTIME_DIR, 'logs'),
  }).catch(async (error: unknown) => {
    await stack.stop();
    throw error;
  });
  const metrics = observability.metrics;
  const site = new SiteBuilder({
    apiUrl: stack.webUrl,
    cmsUrl: stack.cmsUrl,
    cmsToken: secrets.CMS_API_TOKEN,
    outDir: siteDir,
    log,
    publicUrl,
    webhookSecret: secrets.WEBHOOK_SECRET,
    bucket: siteBucket && new SiteBucket(siteBucket),
    onBuild: (event) => metrics.build(event),
  });
  renderPid = () => site.renderPid;
  // Every child is stopped whatever fails on the way: a throw here used to end ./portal and leave them running.
  const shutdown = async () => {
    clearPortalState(process.pid);
    backups?.stop();
    try {
      await site.stop();
    } finally {
      await observability.stop().catch(() => undefined);
      await stack.stop();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  // `./portal rollout` finds this process here and asks it to replace the adapters one at a time.
  if (nginx) {
    writeFileSync(PORTAL_PID_FILE, String(process.pid));
    acceptRollouts(stack as RunningScaleStack, ROLLOUT_STATUS_FILE, log);
  }

  // Where this portal's data is, for ./portal backup and ./portal restore (which stops it through the pid).
  const uploadsEnv = process.env.S3_BUCKET
    ? Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('S3_')))
    : localStore
      ? uploadStoreEnv({ host, port: localStore.port })
      : undefined;
  writePortalState({
    pid: process.pid,
    profile: profile.scale ? 'scale' : 'default',
    startedAt: new Date().toISOString(),
    databaseUrl,
    sqliteFile: stackOptions.sqliteFile,
    publicDir: stackOptions.publicDir,
    uploadsEnv,
    localUploadStore: localStore && { host, port: localStore.port },
  });
  const bucket = uploadsEnv && uploadsBucket(uploadsEnv);
  const backups =
    backupSchedule &&
    scheduleBackups({
      ...backupSchedule,
      data: {
        database: databaseUrl ? { engine: 'postgres', url: databaseUrl } : { engine: 'sqlite', file: stackOptions.sqliteFile },
        uploads: bucket ? { kind: 's3', bucket } : { kind: 'local', dir: path.join(stackOptions.publicDir, 'uploads') },
      },
      log,
    });
  try {
    await site.buildIfStale(Boolean(flags['rebuild-site']));
  } catch (error) {
    // The site is built and served here; only its copy in the bucket is behind: the watch below tries again.
    if (error instanceof SiteSyncError) log(`${error.message}，稍后重试`);
    else {
      await observability.stop().catch(() => undefined);
      await stack.stop();
      throw error;
    }
  }
  // Follow publishes: editors' changes reach the static pages within seconds (the check is one cheap query).
  site.watch(1_000);

  const scaleLines = nginx
    ? `
  扩展部署    nginx ${stack.webUrl} → 适配层 ${(stack as Awaited<ReturnType<typeof startScaleStack>>).adapters.map((adapter) => adapter.url).join('、')}
              PostgreSQL ${databaseUrl!.replace(/\/\/[^@/]*@/, '//***@')}  Redis ${redisUrl.replace(/\/\/[^@/]*@/, '//***@')}
              上传存储（S3 兼容） ${(stack as Awaited<ReturnType<typeof startScaleStack>>).uploadsStore}（nginx 经 /uploads/ 提供）
  监控        Prometheus ${observability.prometheusUrl}（告警：/alerts；仅本机可访问）`
    : '';
  const backupLine = backupSchedule
    ? `\n  定时备份    每 ${backupSchedule.intervalSeconds} 秒一次，存到 ${backupSchedule.to}${backupSchedule.keep ? `，保留最新 ${backupSchedule.keep} 份` : ''}`
    : '';
  const bucketLine = siteBucket
    ? `\n  网站同步    存储桶 ${siteBucket.bucket}${siteBucket.endpoint ? `（${siteBucket.endpoint}）` : ''}，每次构建后同步`
    : '';
  console.log(`
非遗门户已启动（用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒）
  网站        ${publicUrl ?? stack.webUrl}
  API 文档    ${publicUrl ?? stack.webUrl}/api/docs
  内容后台    ${stack.cmsUrl}/admin
              超级管理员  ${secrets.ADMIN_EMAIL}  密码 ${secrets.ADMIN_PASSWORD}
              内容编辑    ${secrets.EDITOR_EMAIL}  密码 ${secrets.EDITOR_PASSWORD}
              运营        ${secrets.OPERATOR_EMAIL}  密码 ${secrets.OPERATOR_PASSWORD}
  演示账号    用户名 ${DEMO_ACCOUNT.username}  密码 ${DEMO_ACCOUNT.password}
  日志        ${path.relative(process.cwd(), path.join(RUNTIME_DIR, 'logs'))}/
  指标        ${observability.portalMetricsUrl}（各进程的指标端口见 README“运维”，仅本机可访问）${scaleLines}${bucketLine}${backupLine}
按 Ctrl+C 停止。`);

  if (flags['until-ready']) await shutdown();
}

/** BACKUP_INTERVAL (30m, 6h, 1d or seconds), BACKUP_KEEP and BACKUP_TO (a folder or s3://bucket/prefix); none: no schedule. */
function readBackupSchedule(env: NodeJS.ProcessEnv): { intervalSeconds: number; keep: number | undefined; to: string } | undefined {
  if (!env.BACKUP_INTERVAL?.trim()) return undefined;
  const intervalSeconds = parseBackupInterval(env.BACKUP_INTERVAL);
  if (!intervalSeconds) throw new CommandError(`BACKUP_INTERVAL 无效：${env.BACKUP_INTERVAL}（示例：6h、30m、1d 或秒数，至少 1 分钟）`);
  const keep = env.BACKUP_KEEP ? Number(env.BACKUP_KEEP) : undefined;
  if (keep !== undefined && (!Number.isInteger(keep) || keep < 1)) throw new CommandError(`BACKUP_KEEP 须为正整数：${env.BACKUP_KEEP}`);
  return { intervalSeconds, keep, to: env.BACKUP_TO?.trim() || BACKUP_DIR };
}

/** PUBLIC_URL (e.g. http://192.168.1.20:8080 for phones on the LAN): an http(s) origin, or unset. */
function readPublicUrl(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new CommandError(`PUBLIC_URL 不是有效的地址：${value}（示例：http://192.168.1.20:8080）`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CommandError(`PUBLIC_URL 只能是 http 或 https 地址：${value}`);
  return url.origin;
}

const USAGE = `用法：./portal [命令] [选项]
  start                  安装、构建、写入种子内容并启动门户（默认）
    --until-ready        启动就绪后立即停止（用于检查）
    --rebuild-site       忽略缓存，重新构建整个网站
    --profile scale      扩展部署：PostgreSQL、Redis、nginx 与多个适配层实例
    --adapters <N>       扩展部署的适配层实例数（默认 2）
  test                   运行全部测试（代码检查、单元、集成、浏览器）
    --db sqlite|postgres 测试所用数据库（默认 sqlite）
    --profile scale      对扩展部署运行（PostgreSQL、Redis、nginx 与 2 个适配层实例）
    --profile containers 对容器部署运行（./portal images 的镜像经 podman kube play 启动；契约测试与 @smoke 浏览器测试）
    --only <阶段>        只运行 static、unit、integration、e2e（可用逗号连接）
    --filter <文字>      只运行路径或名称含该文字的测试
  bench [api|pages|checkout|publish|admin|open-data|scale|soak|backup]  性能基准（publish、admin、open-data：对已启动的门户测发布到上线、后台列表、开放数据的生成用时与文件大小；
                         scale：扩展部署的抢购与缓存读取；soak [--minutes 5]：扩展部署的长时间混合流量；backup [--users 600]：两种数据库的备份大小与备份、恢复用时）
  backup                 备份数据库、上传文件与清单（门户运行时也可，不停机）
    --to <目录|s3://存储桶/前缀>  备份存放处（默认 .runtime/backups）
    --keep <N>           只保留最新的 N 份备份
    --with-secrets       连同密钥文件一起备份（用口令加密；口令取自 BACKUP_PASSPHRASE 或终端输入）
    --profile scale      备份扩展部署（PostgreSQL 与对象存储）
  restore <备份文件>     校验并恢复备份（会先停止运行中的门户，并先备份当前数据）
    --profile scale      恢复到扩展部署（PostgreSQL）；SQLite 的备份也可恢复到这里
    --with-secrets       同时恢复备份中的密钥文件
  images                 构建 OCI 镜像（Podman；Debian 最小根文件系统 + Node.js 24：适配层、内容管理服务、网站）
  rollout                对运行中的扩展部署逐个替换适配层实例（新代码或新设置），每个先排空，不丢请求
  docs screenshots       为 docs/编辑指南.md 截取后台截图（对已启动的门户）
  reset                  清除本地数据库、上传文件与网站构建`;

function readArgs() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        'until-ready': { type: 'boolean' },
        'rebuild-site': { type: 'boolean' },
        db: { type: 'string', default: 'sqlite' },
        profile: { type: 'string' },
        adapters: { type: 'string' },
        only: { type: 'string' },
        filter: { type: 'string' },
        minutes: { type: 'string' },
        users: { type: 'string' },
        to: { type: 'string' },
        keep: { type: 'string' },
        'with-secrets': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    // parseArgs explains in English with a stack; say which argument is wrong, once, and how to ask for help.
    const detail = error instanceof Error ? (/'([^']+)'/.exec(error.message)?.[1] ?? error.message) : String(error);
    throw new CommandError(`无法识别的参数 ${detail}。运行 ./portal --help 查看用法`);
  }
}

async function main() {
  const { positionals, values } = readArgs();
  if (values.help || positionals[0] === 'help') {
    console.log(USAGE);
    return;
  }
  const command = positionals[0] ?? 'start';
  switch (command) {
    case 'start':
      return start(values);
    case 'test': {
      if (values.db !== 'sqlite' && values.db !== 'postgres') throw new CommandError('--db 只能是 sqlite 或 postgres');
      if (values.adapters !== undefined) throw new CommandError('测试的扩展部署固定为 2 个适配层实例，不接受 --adapters');
      // The containers profile: the images run by Podman from the Kubernetes manifests (on PostgreSQL, as scale).
      if (values.profile === 'containers') return runTests({ db: 'postgres', only: values.only, filter: values.filter, containers: true });
      const { scale } = readProfile(values.profile, undefined);
      if (scale && values.db === 'sqlite' && process.argv.includes('--db'))
        throw new CommandError('扩展部署只用 PostgreSQL：--profile scale 不能与 --db sqlite 同用');
      // The scale profile runs on PostgreSQL: --profile scale implies --db postgres.
      return runTests({ db: scale ? 'postgres' : values.db, only: values.only, filter: values.filter, scale });
    }
    case 'bench': {
      // ./portal bench [api|pages|checkout|publish|admin|open-data|scale|soak|backup]: the API's cached reads (default), the pages' Lighthouse
      // budgets, the checkout rush (--db sqlite|postgres|both), publish → live or the admin's lists against a started portal,
      // the scale profile's flash sale and reads, or its soak under mixed traffic (--minutes).
      const which = positionals[1] ?? 'api';
      if (which === 'api') await import('../bench/api.ts');
      else if (which === 'pages') await import('../bench/pages.ts');
      else if (which === 'checkout') await import('../bench/checkout.ts');
      else if (which === 'publish') await import('../bench/publish.ts');
      else if (which === 'admin') await import('../bench/admin.ts');
      else if (which === 'open-data') await import('../bench/open-data.ts');
      else if (which === 'scale') await import('../bench/scale.ts');
      else if (which === 'soak') await import('../bench/soak.ts');
      else if (which === 'backup') await import('../bench/backup.ts');
      else throw new CommandError(`未知的基准 ${which}。可用：api、pages、checkout、publish、admin、open-data、scale、soak、backup`);
      return;
    }
    case 'docs': {
      // ./portal docs screenshots: the editor guide's screenshots, from a started portal.
      if (positionals[1] !== 'screenshots') throw new CommandError('用法：./portal docs screenshots');
      await import('../docs/screenshots.ts');
      return;
    }
    case 'backup':
      return backupCommand(values, { scale: readProfile(values.profile, undefined).scale, scaleDatabaseUrl: SCALE_DATABASE_URL });
    case 'restore':
      return restoreCommand(positionals[1], values, {
        scale: readProfile(values.profile, undefined).scale,
        scaleDatabaseUrl: SCALE_DATABASE_URL,
      });
    case 'rollout':
      // ./portal rollout: the running scale profile replaces its adapters one at a time (new code or new settings).
      return requestRollout(PORTAL_PID_FILE, ROLLOUT_STATUS_FILE, log);
    case 'images':
      // ./portal images: the OCI images (deploy/containers/build.sh: Debian minbase from debootstrap, Node.js 24, Podman).
      return run('bash', [path.join(ROOT, 'deploy', 'containers', 'build.sh')], { cwd: ROOT, label: '构建镜像' });
    case 'reset':
      rmSync(path.join(RUNTIME_DIR, 'data'), { recursive: true, force: true });
      rmSync(path.join(RUNTIME_DIR, 'cms-public'), { recursive: true, force: true });
      rmSync(path.join(RUNTIME_DIR, 'site'), { recursive: true, force: true });
      rmSync(path.join(RUNTIME_DIR, 'site.render'), { recursive: true, force: true });
      log('已清除本地数据库、上传文件与网站构建；下次启动将重新写入种子内容。');
      return;
    default:
      throw new CommandError(`未知命令 ${command}。可用：start、test、backup、restore、rollout、bench、docs、reset`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof CommandError || error instanceof SecretsFileError) {
    console.error(`✗ ${error.message}`);
    if (error instanceof SecretsFileError) console.error('  删除该文件后重新运行会生成新的密钥（已登录的会话将失效）。');
  } else {
    console.error(error);
  }
  process.exit(1);
});

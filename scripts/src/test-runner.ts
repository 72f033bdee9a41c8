import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildCms } from './builds.ts';
import { cmsProcessFile, currentCmsPid, stopCmsStartedAgain, writeCmsProcess } from './cms-process.ts';
import { clusterHome, createTestDatabase, dropTestDatabase, PrivateCluster, requirePostgresBinDir } from './postgres.ts';
import { ROOT, RUNTIME_DIR } from './paths.ts';
import { assertPortFree, CommandError, run } from './processes.ts';
import { generateSecrets } from './secrets.ts';
import { SiteBuilder } from './site.ts';
import { defaultUploadStorePort, ensureScaleProfile, nginxServesBrotli, startScaleStack, type RunningScaleStack } from './scale.ts';
import { startStack, type RunningStack } from './stack.ts';
import { CHROMIUM_PATH, ensureBrowser, ensureScaleOutServices } from './test-prerequisites.ts';
import { acceptRollouts } from './rollout-control.ts';
import { checkAlertRules, ensurePrometheus, startObservability, type RunningObservability } from './observability.ts';
import { startContainerStack, type RunningContainerStack } from './containers/stack.ts';

const log = (line: string) => console.log(`\n» ${line}`);
const bin = (pkg: string, file: string) => path.join(ROOT, 'node_modules', pkg, file);

/**
 * The whole suite: lint, types and unit tests, then the integration and browser tests against a
 * real CMS, adapter and site on a fresh database (SQLite by default, PostgreSQL with --db postgres).
 */
export async function runTests(options: {
  db: 'sqlite' | 'postgres';
  only?: string;
  filter?: string;
  scale?: boolean;
  /** The containers profile: the images (./portal images) run by `podman kube play` from deploy/kubernetes/overlays/local. */
  containers?: boolean;
}) {
  const started = Date.now();
  const stages = ['static', 'unit', 'integration', 'e2e'];
  const unknown = options.only?.split(',').filter((stage) => !stages.includes(stage)) ?? [];
  if (unknown.length > 0) throw new CommandError(`--only 只能是 ${stages.join('、')}（可用逗号连接），不认识：${unknown.join('、')}`);
  const want = (stage: string) => !options.only || options.only.split(',').includes(stage);

  // What the later stages need is checked (and installed when we can) before any test runs.
  if (want('e2e')) await ensureBrowser(log);
  if (options.db === 'postgres' && !options.scale && (want('integration') || want('e2e'))) await ensureScaleOutServices(log);
  // The scale profile's suite: its own Redis database (TEST_REDIS_URL), so a developer's running profile is not disturbed.
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
  // The scale profile's suite runs on a PostgreSQL cluster of its own (started below, in the run's work folder): the
  // fault tests stop and start it, which the machine's shared server must never be. Its programs are checked here.
  const postgresBin = (options.scale || options.containers) && (want('integration') || want('e2e')) ? requirePostgresBinDir() : undefined;
  if (postgresBin && options.containers) await ensureScaleOutServices(log, { postgres: false });
  const nginx = postgresBin && !options.containers ? await ensureScaleProfile({ redisUrl, createDatabase: false }, log) : undefined;
  const prometheus = nginx ? await ensurePrometheus(log) : undefined;

  if (want('static')) {
    log('静态检查：lint 与类型');
    await run('pnpm', ['run', 'lint'], { cwd: ROOT, label: 'lint' });
    await run('pnpm', ['run', 'typecheck'], { cwd: ROOT, label: 'typecheck' });
  }
  if (want('unit')) {
    log('单元测试');
    await run(process.execPath, [bin('vitest', 'vitest.mjs'), 'run', '--project', 'unit'], { cwd: ROOT, label: '单元测试' });
    log('告警规则：promtool check rules 与 promtool test rules');
    await checkAlertRules((await ensurePrometheus(log)).promtool);
  }
  if (!want('integration') && !want('e2e')) return;

  if (!options.containers) await buildCms((line) => log(line));
  const webPort = Number(process.env.TEST_WEB_PORT ?? 8090);
  const cmsPort = Number(process.env.TEST_CMS_PORT ?? 1347);
  // Separate folders per port, so two suites on different ports never share files.
  const kind = options.containers ? 'containers' : nginx ? 'scale' : options.db;
  const workDir = path.join(RUNTIME_DIR, webPort === 8090 ? `test-${kind}` : `test-${kind}-${webPort}`);
  const clusterPort = webPort + 10;
  // A cluster left running by a run that never finished is stopped before its folder goes.
  if (postgresBin && existsSync(workDir)) await new PrivateCluster(clusterHome(workDir, clusterPort), clusterPort, postgresBin).remove();
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const secrets = generateSecrets();
  // Its port is past the fault tests' (web + 5 … + 8) and the upload store's (+ 9).
  const cluster = postgresBin ? new PrivateCluster(clusterHome(workDir, clusterPort), clusterPort, postgresBin) : undefined;
  if (cluster) {
    await assertPortFree(cluster.port, '127.0.0.1', '测试自己的 PostgreSQL');
    try {
      await cluster.create();
      await cluster.start();
    } catch (error) {
      await cluster.remove().catch(() => undefined);
      throw error;
    }
    log(`PostgreSQL：本次测试自己的集群，127.0.0.1:${cluster.port}（${cluster.home}，日志 server.log）`);
  }
  const adminUrl = cluster?.adminUrl;
  const databaseUrl = options.db === 'postgres' ? await createTestDatabase(adminUrl) : undefined;
  // The cluster goes with the run, its databases with it; otherwise the database is dropped from the shared server.
  const cleanUp = async () => {
    if (cluster) await cluster.remove();
    else if (databaseUrl) await dropTestDatabase(databaseUrl);
  };
  const siteDir = path.join(workDir, 'site');
  log(
    options.containers
      ? '启动测试环境（容器部署：podman kube play 本机清单，PostgreSQL 全新数据库、Redis、nginx 与 2 个适配层实例）'
      : nginx
        ? '启动测试环境（扩展部署：PostgreSQL 全新数据库、Redis、nginx 与 2 个适配层实例）'
        : `启动测试环境（${options.db === 'postgres' ? 'PostgreSQL' : 'SQLite'}，全新数据库）`,
  );
  const stackOptions = {
    host: '127.0.0.1',
    cmsPort,
    webPort,
    secrets,
    logDir: path.join(workDir, 'logs'),
    databaseUrl,
    sqliteFile: path.join(workDir, 'data', 'test.db'),
    publicDir: path.join(workDir, 'cms-public'),
    siteDir,
    demo: { username: 'demo', password: 'feiyi2026' },
    // The API tests act as a local reverse proxy: X-Forwarded-For lets them be many visitors, each
    // with its own rate and login limits (without it, every test would share one address's budget).
    // TEST_FAULTS lets browser tests ask /api for a 403 or 500 (x-test-fault header) to show error states.
    // The scale profile's at info: its refused requests are logged with their request id (the observability test reads them).
    extraAdapterEnv: { LOG_LEVEL: nginx ? 'info' : 'warn', TRUST_PROXY: '127.0.0.1', CHECK_ANSWERS: 'true', TEST_FAULTS: '1' },
  };
  // The scale profile's S3-compatible store, always the suite's own (its fault test kills and restarts it).
  const uploadStorePort = Number(process.env.TEST_UPLOAD_STORE_PORT ?? defaultUploadStorePort(webPort));
  let scaleStack: RunningScaleStack | undefined;
  let containerStack: RunningContainerStack | undefined;
  let stack: RunningStack;
  try {
    stack = options.containers
      ? (containerStack = await startContainerStack({
          ...stackOptions,
          databaseUrl: databaseUrl!,
          redisUrl,
          adapters: 2,
          workDir,
          uploadStorePort,
          // The suite's own settings for the adapters (X-Forwarded-For from the tests, TEST_FAULTS, answers checked).
          extraAdapterEnv: { ...stackOptions.extraAdapterEnv, LOG_LEVEL: 'info' },
          log,
        }))
      : nginx
        ? (scaleStack = await startScaleStack(
            {
              ...stackOptions,
              databaseUrl: databaseUrl!,
              redisUrl,
              adapters: 2,
              nginxDir: path.join(workDir, 'nginx'),
              log,
              uploadStore: { port: uploadStorePort, directory: path.join(workDir, 'upload-store') },
            },
            nginx,
          ))
        : await startStack(stackOptions);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  // The CMS restart fault test kills the CMS and starts it again with the same command (cms-process.ts).
  const cmsProcess = scaleStack ? { file: cmsProcessFile(workDir), pid: scaleStack.cms.service.child.pid! } : undefined;
  if (cmsProcess) writeCmsProcess(cmsProcess.file, { pid: cmsProcess.pid, command: scaleStack!.cms.command });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TEST_WEB_URL: stack.webUrl,
    TEST_CMS_URL: stack.cmsUrl,
    TEST_CMS_TOKEN: secrets.CMS_API_TOKEN,
    TEST_JWT_SECRET: secrets.JWT_SECRET,
    TEST_WEBHOOK_SECRET: secrets.WEBHOOK_SECRET,
    TEST_PREVIEW_SECRET: secrets.PREVIEW_SECRET,
    TEST_ADMIN_EMAIL: secrets.ADMIN_EMAIL,
    TEST_ADMIN_PASSWORD: secrets.ADMIN_PASSWORD,
    TEST_EDITOR_EMAIL: secrets.EDITOR_EMAIL,
    TEST_EDITOR_PASSWORD: secrets.EDITOR_PASSWORD,
    TEST_OPERATOR_EMAIL: secrets.OPERATOR_EMAIL,
    TEST_OPERATOR_PASSWORD: secrets.OPERATOR_PASSWORD,
    TEST_DB: options.db,
    TEST_DATABASE_URL: databaseUrl ?? '',
    // The run's own PostgreSQL cluster (scale profile): tests' extra databases go there, and the restart test stops and
    // starts it (PrivateCluster with this folder and port).
    ...(cluster ? { TEST_PG_ADMIN_URL: cluster.adminUrl, TEST_PG_HOME: cluster.home, TEST_PG_PORT: String(cluster.port) } : {}),
    TEST_SQLITE_FILE: path.join(workDir, 'data', 'test.db'),
    TEST_WORK_DIR: workDir,
    // Ports of the extra CMS some tests start, derived from the stack's so parallel suites never collide.
    TEST_SEED_CMS_PORT: String(cmsPort + 10),
    // The scale profile: the adapter instances' own addresses behind nginx (TEST_WEB_URL), and their Redis.
    TEST_PROFILE: options.containers ? 'containers' : nginx ? 'scale' : 'default',
    TEST_ADAPTER_URLS: (scaleStack ?? containerStack)?.adapters.map((adapter) => adapter.url).join(',') ?? '',
    TEST_REDIS_URL: redisUrl,
    TEST_UPLOAD_STORE_URL: (scaleStack ?? containerStack)?.uploadsStore ?? '',
    TEST_UPLOAD_STORE_PORT: String(uploadStorePort),
    TEST_UPLOAD_STORE_DIR: path.join(workDir, 'upload-store'),
    TEST_CMS_PROCESS_FILE: cmsProcess?.file ?? '',
    // The site image's nginx has Debian's brotli module (deploy/containers/base.sh).
    TEST_PAGE_ENCODING: nginx && !nginxServesBrotli() ? 'gzip' : 'br',
    CHROMIUM_PATH,
  };
  // As a start does: this process's metrics and, in the scale profile, a Prometheus scraping every process.
  let observability: RunningObservability;
  let renderPid: () => number | undefined = () => undefined;
  try {
    observability = await startObservability({
      webPort,
      adapters: scaleStack ? scaleStack.adapters : [{ name: 'adapter' }],
      processes: () => [
        ...stack.services.map((service) => ({
          name: service.name,
          // The CMS restart fault test starts the CMS again as another process; the file names the one running.
          pid: service.name === 'cms' && cmsProcess ? currentCmsPid(cmsProcess.file, service.child.pid) : service.child.pid,
        })),
        { name: 'site-renderer', pid: renderPid() },
        // This process too: with the others, the whole deployment's memory.
        { name: 'portal', pid: process.pid },
      ],
      backupStatusFile: path.join(workDir, 'backup-status.json'),
      dataDir: workDir,
      prometheus: prometheus?.prometheus,
      prometheusDir: path.join(workDir, 'prometheus'),
      logDir: path.join(workDir, 'logs'),
    });
  } catch (error) {
    await stack.stop();
    await cleanUp();
    throw error;
  }
  env.TEST_PROMETHEUS_URL = observability.prometheusUrl ?? '';
  // The rolling-restart test asks this process (SIGUSR2) to replace the adapters, as `./portal rollout` does.
  if (scaleStack) {
    acceptRollouts(scaleStack, path.join(workDir, 'rollout-status.json'), log);
    env.TEST_PORTAL_PID = String(process.pid);
    env.TEST_ROLLOUT_STATUS_FILE = path.join(workDir, 'rollout-status.json');
  }
  env.TEST_PORTAL_METRICS_URL = observability.portalMetricsUrl;
  // The site is built before the tests, as a start would: integration tests read pages too.
  const site = new SiteBuilder({
    apiUrl: stack.webUrl,
    cmsUrl: stack.cmsUrl,
    cmsToken: secrets.CMS_API_TOKEN,
    outDir: siteDir,
    log,
    webhookSecret: secrets.WEBHOOK_SECRET,
    onBuild: (event) => observability.metrics.build(event),
  });
  renderPid = () => site.renderPid;
  try {
    // The containers profile's site is built by its own site-builder pod (startContainerStack waited for it).
    if (!options.containers) await site.buildIfStale(true);
    if (want('integration')) {
      log('集成测试：CMS 与 API（真实 Strapi 与数据库）');
      const filter = options.filter ? [options.filter] : [];
      await run(process.execPath, [bin('vitest', 'vitest.mjs'), 'run', '--project', 'integration', ...filter], {
        cwd: ROOT,
        env,
        label: '集成测试',
      });
    }
    if (want('e2e')) {
      // As `./portal start` does: rebuild whenever editors publish.
      if (!options.containers) site.watch(1_000);
      log(options.db === 'postgres' && !options.filter ? '浏览器端到端冒烟测试（Chromium，@smoke）' : '浏览器端到端测试（Chromium）');
      await run(
        process.execPath,
        [
          path.join(ROOT, 'tests', 'node_modules', '@playwright', 'test', 'cli.js'),
          'test',
          '--config',
          'tests/e2e/playwright.config.ts',
          // A path filter selects spec files here as it selects test files for vitest.
          ...(options.filter ? [path.basename(options.filter)] : []),
          // The full browser suite runs once, on SQLite; on PostgreSQL the tests tagged @smoke show that
          // the pages that write (sign-in, favourites) work there too. A filter runs its file in full.
          ...(options.db === 'postgres' && !options.filter ? ['--grep', '@smoke'] : []),
        ],
        {
          cwd: ROOT,
          env,
          label: '端到端测试',
        },
      );
    }
  } catch (error) {
    if (error instanceof CommandError) console.error(`日志：${path.join(workDir, 'logs')}`);
    throw error;
  } finally {
    await site.stop();
    await observability.stop().catch(() => undefined);
    await stack.stop();
    if (cmsProcess) await stopCmsStartedAgain(cmsProcess.file, cmsProcess.pid);
    await cleanUp();
  }
  log(`全部测试通过（${((Date.now() - started) / 1000).toFixed(0)} 秒）`);
}

import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildCms } from './builds.ts';
import { RUNTIME_DIR, SECRETS_FILE } from './paths.ts';
import { CommandError } from './processes.ts';
import { loadOrCreateSecrets, SecretsFileError } from './secrets.ts';
import { SiteBuilder } from './site.ts';
import { startStack } from './stack.ts';
import { runTests } from './test-runner.ts';

export const DEMO_ACCOUNT = { username: 'demo', password: 'feiyi2026' };

const log = (line: string) => console.log(`» ${line}`);

async function start(flags: { 'until-ready'?: boolean; 'rebuild-site'?: boolean }) {
  const started = Date.now();
  const { secrets, created, added } = loadOrCreateSecrets(SECRETS_FILE);
  if (created) log(`已生成本地密钥：${path.relative(process.cwd(), SECRETS_FILE)}`);
  if (added.length > 0) log(`已在 ${path.relative(process.cwd(), SECRETS_FILE)} 中补充：${added.join('、')}`);
  const host = process.env.HOST ?? '127.0.0.1';
  const webPort = Number(process.env.PORT ?? 8080);
  const cmsPort = Number(process.env.CMS_PORT ?? 1337);
  const siteDir = path.join(RUNTIME_DIR, 'site');
  const publicUrl = readPublicUrl(process.env.PUBLIC_URL);

  await buildCms(log);
  log('启动内容管理服务与 API（首次启动会写入种子内容）…');
  const stack = await startStack({
    host,
    cmsPort,
    webPort,
    secrets,
    logDir: path.join(RUNTIME_DIR, 'logs'),
    databaseUrl: process.env.DATABASE_URL || undefined,
    sqliteFile: path.join(RUNTIME_DIR, 'data', 'portal.db'),
    publicDir: path.join(RUNTIME_DIR, 'cms-public'),
    siteDir,
    demo: DEMO_ACCOUNT,
    resetAdminPassword: created,
    resetStaffPasswords: created ? ['EDITOR_PASSWORD', 'OPERATOR_PASSWORD'] : added.filter((key) => key.endsWith('_PASSWORD')),
    publicUrl,
  });
  const site = new SiteBuilder({
    apiUrl: stack.webUrl,
    cmsUrl: stack.cmsUrl,
    cmsToken: secrets.CMS_API_TOKEN,
    outDir: siteDir,
    log,
    publicUrl,
    webhookSecret: secrets.WEBHOOK_SECRET,
  });
  const shutdown = async () => {
    await site.stop();
    await stack.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());

  try {
    await site.buildIfStale(Boolean(flags['rebuild-site']));
  } catch (error) {
    await stack.stop();
    throw error;
  }
  // Follow publishes: editors' changes reach the static pages within seconds (the check is one cheap query).
  site.watch(1_000);

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
按 Ctrl+C 停止。`);

  if (flags['until-ready']) await shutdown();
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
  test                   运行全部测试（代码检查、单元、集成、浏览器）
    --db sqlite|postgres 测试所用数据库（默认 sqlite）
    --only <阶段>        只运行 static、unit、integration、e2e（可用逗号连接）
    --filter <文字>      只运行路径或名称含该文字的测试
  bench [api|pages|checkout|publish|admin]  性能基准（publish、admin：对已启动的门户测发布到上线、后台列表）
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
        only: { type: 'string' },
        filter: { type: 'string' },
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
    case 'test':
      if (values.db !== 'sqlite' && values.db !== 'postgres') throw new CommandError('--db 只能是 sqlite 或 postgres');
      return runTests({ db: values.db, only: values.only, filter: values.filter });
    case 'bench': {
      // ./portal bench [api|pages|checkout|publish|admin]: the API's cached reads (default), the pages' Lighthouse
      // budgets, the checkout rush (--db sqlite|postgres|both), publish → live or the admin's lists against a started portal.
      const which = positionals[1] ?? 'api';
      if (which === 'api') await import('../bench/api.ts');
      else if (which === 'pages') await import('../bench/pages.ts');
      else if (which === 'checkout') await import('../bench/checkout.ts');
      else if (which === 'publish') await import('../bench/publish.ts');
      else if (which === 'admin') await import('../bench/admin.ts');
      else throw new CommandError(`未知的基准 ${which}。可用：api、pages、checkout、publish、admin`);
      return;
    }
    case 'docs': {
      // ./portal docs screenshots: the editor guide's screenshots, from a started portal.
      if (positionals[1] !== 'screenshots') throw new CommandError('用法：./portal docs screenshots');
      await import('../docs/screenshots.ts');
      return;
    }
    case 'reset':
      rmSync(path.join(RUNTIME_DIR, 'data'), { recursive: true, force: true });
      rmSync(path.join(RUNTIME_DIR, 'cms-public'), { recursive: true, force: true });
      rmSync(path.join(RUNTIME_DIR, 'site'), { recursive: true, force: true });
      log('已清除本地数据库、上传文件与网站构建；下次启动将重新写入种子内容。');
      return;
    default:
      throw new CommandError(`未知命令 ${command}。可用：start、test、bench、docs、reset`);
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

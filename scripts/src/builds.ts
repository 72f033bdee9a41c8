import { existsSync } from 'node:fs';
import path from 'node:path';
import { ADAPTER_DIR, CMS_DIR, ROOT, SITE_DIR } from './paths.ts';
import { hashTree, readStamp, run, writeStamp } from './processes.ts';

const stampFile = (name: string) => path.join(ROOT, '.cache', 'stamps', `${name}.txt`);
const strapiBin = path.join(CMS_DIR, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js');

/** Runs `build` when the inputs' hash differs from the last successful build's, or the output is missing. */
async function buildIfChanged(name: string, inputs: string[], output: string, build: () => Promise<void>): Promise<boolean> {
  const hash = hashTree(inputs);
  if (existsSync(output) && readStamp(stampFile(name)) === hash) return false;
  await build();
  writeStamp(stampFile(name), hash);
  return true;
}

/**
 * Strapi's admin panel (≈ 40 s, 2 GB) is rebuilt only when its dependencies change; the server code
 * (content types, bootstrap, seed) is compiled with tsc in a few seconds.
 */
export async function buildCms(log: (line: string) => void): Promise<void> {
  const env = { ...process.env, NODE_ENV: 'production' };
  const admin = await buildIfChanged(
    'cms-admin',
    [
      path.join(CMS_DIR, 'package.json'),
      path.join(ROOT, 'pnpm-lock.yaml'),
      path.join(CMS_DIR, 'config', 'admin.ts'),
      path.join(CMS_DIR, 'src', 'admin'),
    ],
    path.join(CMS_DIR, 'dist', 'build', 'index.html'),
    async () => {
      log('构建内容管理后台（首次约 40 秒）…');
      await run(process.execPath, [strapiBin, 'build'], { cwd: CMS_DIR, env, quiet: true, label: 'Strapi 后台构建' });
    },
  );
  await buildIfChanged(
    'cms-server',
    [path.join(CMS_DIR, 'src'), path.join(CMS_DIR, 'config'), path.join(CMS_DIR, 'seed'), path.join(CMS_DIR, 'tsconfig.json')],
    path.join(CMS_DIR, 'dist', 'src', 'index.js'),
    async () => {
      if (!admin) log('编译内容管理服务…');
      const tsc = path.join(CMS_DIR, 'node_modules', 'typescript', 'bin', 'tsc');
      await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: CMS_DIR, env, quiet: true, label: 'CMS 编译' });
    },
  );
}

/** The static site is built from the API's content; `force` rebuilds after content changes. */
export async function buildSite(options: { apiUrl: string; outDir: string; force: boolean; log: (line: string) => void }) {
  const inputs = [
    path.join(SITE_DIR, 'src'),
    path.join(SITE_DIR, 'public'),
    path.join(SITE_DIR, 'astro.config.mjs'),
    path.join(SITE_DIR, 'package.json'),
    path.join(ADAPTER_DIR, 'src', 'contract'),
  ];
  const build = async () => {
    options.log('构建网站…');
    const astro = path.join(SITE_DIR, 'node_modules', 'astro', 'bin', 'astro.mjs');
    await run(process.execPath, [astro, 'build', '--outDir', options.outDir], {
      cwd: SITE_DIR,
      env: { ...process.env, PORTAL_API_URL: options.apiUrl, ASTRO_TELEMETRY_DISABLED: '1' },
      quiet: true,
      label: '网站构建',
    });
  };
  if (options.force) {
    await build();
    return;
  }
  await buildIfChanged(`site-${path.basename(options.outDir)}`, inputs, path.join(options.outDir, 'index.html'), build);
}

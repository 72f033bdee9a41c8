import { existsSync } from 'node:fs';
import path from 'node:path';
import { CMS_DIR, CONTRACT_DIR, ROOT } from './paths.ts';
import { hashTree, readStamp, run, writeStamp } from './processes.ts';

export const stampFile = (name: string) => path.join(ROOT, '.cache', 'stamps', `${name}.txt`);
const strapiBin = path.join(CMS_DIR, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js');

/** Runs `build` when the inputs' hash differs from the last successful build's, or the output is missing. */
export async function buildIfChanged(name: string, inputs: string[], output: string, build: () => Promise<void>): Promise<boolean> {
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
const tsc = path.join(CMS_DIR, 'node_modules', 'typescript', 'bin', 'tsc');

/**
 * The CMS's CommonJS build reads the contract's types from its declarations (contract/tsconfig.build.json says why);
 * at run time it loads the contract's sources, as the adapter does.
 */
async function buildContractTypes(env: NodeJS.ProcessEnv): Promise<void> {
  await run(process.execPath, [tsc, '-p', path.join(CONTRACT_DIR, 'tsconfig.build.json')], {
    cwd: CONTRACT_DIR,
    env,
    quiet: true,
    label: '契约类型声明',
  });
}

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
      // strapi build compiles the server code too, which needs the contract's declarations (a fresh clone has none).
      await buildContractTypes(env);
      await run(process.execPath, [strapiBin, 'build'], { cwd: CMS_DIR, env, quiet: true, label: 'Strapi 后台构建' });
    },
  );
  await buildIfChanged(
    'cms-server',
    [
      path.join(CMS_DIR, 'src'),
      path.join(CMS_DIR, 'config'),
      path.join(CMS_DIR, 'seed'),
      path.join(CMS_DIR, 'tsconfig.json'),
      path.join(CONTRACT_DIR, 'src'),
      path.join(CONTRACT_DIR, 'tsconfig.build.json'),
    ],
    path.join(CMS_DIR, 'dist', 'src', 'index.js'),
    async () => {
      if (!admin) log('编译内容管理服务…');
      await buildContractTypes(env);
      await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: CMS_DIR, env, quiet: true, label: 'CMS 编译' });
    },
  );
}

import { spawnSync } from 'node:child_process';
import { chownSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RunningStack } from '../stack.ts';
import type { Secrets } from '../secrets.ts';
import { assertPortFree, CommandError, type Service } from '../processes.ts';
import { startUploadStore, uploadStoreBucketUrl, uploadStoreEnv } from '../upload-store.ts';
import { KUBERNETES_DIR, parseManifests, renderKustomization, toYaml } from './manifests.ts';
import { forPodman, podmanSecret } from './podman.ts';
import { ROOT } from '../paths.ts';

/** The images' user (deploy/containers/Containerfile.runtime): the run's shared folders belong to it. */
const IMAGE_UID = 10001;
export const IMAGES = ['localhost/feiyi-adapter:latest', 'localhost/feiyi-cms:latest', 'localhost/feiyi-site:latest'];
/** Podman's settings for this machine kind (runc, cgroupfs, no default ulimits), as the image build uses. */
export const podmanEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  CONTAINERS_CONF: process.env.CONTAINERS_CONF ?? path.join(ROOT, 'deploy', 'containers', 'containers.conf'),
});

export function podman(args: string[]): string {
  const result = spawnSync('podman', args, { encoding: 'utf8', env: podmanEnv(), maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new CommandError(`需要 Podman：apt-get update && apt-get install -y podman runc（${result.error.message}）`);
  if (result.status !== 0) throw new CommandError(`podman ${args.slice(0, 2).join(' ')} 失败：${result.stderr.trim()}`);
  return result.stdout;
}

export interface ContainerStackOptions {
  host: string;
  webPort: number;
  cmsPort: number;
  adapters: number;
  secrets: Secrets;
  databaseUrl: string;
  redisUrl: string;
  workDir: string;
  logDir: string;
  uploadStorePort: number;
  demo: { username: string; password: string };
  extraAdapterEnv?: Record<string, string>;
  log: (line: string) => void;
}

export interface RunningContainerStack extends RunningStack {
  adapters: { name: string; url: string }[];
  uploadsStore: string;
  /** The YAML Podman played (the local overlay after forPodman). */
  playFile: string;
  /** The name of each pod's container (its logs: podman logs). */
  containers: () => string[];
}

/**
 * The local overlay (deploy/kubernetes/overlays/local) run by `podman kube play` from the images ./portal images
 * built: the CMS, N adapters, the site builder and nginx, each a pod on the host's network, with this machine's
 * PostgreSQL and Redis and a local S3-compatible store in place of managed ones. Resolves once nginx serves the
 * built site.
 */
export async function startContainerStack(options: ContainerStackOptions): Promise<RunningContainerStack> {
  const missing = IMAGES.filter((image) => spawnSync('podman', ['image', 'exists', image], { env: podmanEnv() }).status !== 0);
  if (missing.length > 0) throw new CommandError(`缺少镜像 ${missing.join('、')}：先运行 ./portal images`);
  const { host, webPort, cmsPort } = options;
  const adapterPorts = Array.from({ length: options.adapters }, (_, i) => webPort + 1 + i);
  for (const [port, what] of [
    [cmsPort, '内容管理服务 CMS'],
    [webPort, 'nginx'],
    ...adapterPorts.map((port) => [port, '适配层实例'] as const),
  ] as const)
    await assertPortFree(port, host, what);

  const suffix = `p${webPort}`;
  const kubeDir = path.join(options.workDir, 'kube');
  const siteVolume = path.join(options.workDir, 'site-volume');
  const cmsPublic = path.join(options.workDir, 'cms-public');
  for (const folder of [kubeDir, siteVolume, cmsPublic, path.join(cmsPublic, 'uploads'), options.logDir])
    mkdirSync(folder, { recursive: true });
  // The served folder exists before the first build: the adapters mount the volume read-only and serve from it.
  mkdirSync(path.join(siteVolume, 'site'), { recursive: true });
  for (const folder of [siteVolume, path.join(siteVolume, 'site'), cmsPublic, path.join(cmsPublic, 'uploads')]) {
    chownSync(folder, IMAGE_UID, IMAGE_UID);
  }

  const services: Service[] = [];
  const uploadStore = await startUploadStore({
    host,
    port: options.uploadStorePort,
    directory: path.join(options.workDir, 'upload-store'),
    logDir: options.logDir,
  });
  services.push(uploadStore);
  const store = uploadStoreEnv({ host, port: options.uploadStorePort });
  const uploadsStore = uploadStoreBucketUrl({ host, port: options.uploadStorePort });

  // The run's values over the local overlay's: a kustomization of its own on top (kustomize merges the ConfigMap).
  const webUrl = `http://${host}:${webPort}`;
  const cmsUrl = `http://${host}:${cmsPort}`;
  const config: Record<string, string> = {
    PUBLIC_URL: webUrl,
    PREVIEW_SITE_URL: webUrl,
    PUBLIC_CMS_URL: cmsUrl,
    CMS_URL: cmsUrl,
    // The site builder reads the API of the first adapter, as ./portal's own builder reads the adapters through nginx.
    PORTAL_API_URL: webUrl,
    WEBHOOK_URL: `${webUrl}/api/internal/cms-events`,
    ADAPTER_UPSTREAM: adapterPorts.map((port) => `${host}:${port}`).join(','),
    SITE_DIR: '/site/site',
    S3_BUCKET: store.S3_BUCKET!,
    S3_REGION: store.S3_REGION!,
    S3_ENDPOINT: store.S3_ENDPOINT!,
    S3_FORCE_PATH_STYLE: 'true',
    S3_PUBLIC_URL: '/uploads',
    S3_ACL: '',
    UPLOADS_STORE: uploadsStore,
  };
  writeFileSync(
    path.join(kubeDir, 'kustomization.yaml'),
    [
      'apiVersion: kustomize.config.k8s.io/v1beta1',
      'kind: Kustomization',
      'resources:',
      `  - ${path.relative(kubeDir, path.join(KUBERNETES_DIR, 'overlays', 'local'))}`,
      'configMapGenerator:',
      '  - name: feiyi-config',
      '    behavior: merge',
      '    literals:',
      ...Object.entries(config).map(([key, value]) => `      - ${JSON.stringify(`${key}=${value}`)}`),
      '',
    ].join('\n'),
  );
  const { objects, secretNames } = forPodman(parseManifests(renderKustomization(kubeDir)), {
    suffix,
    host,
    webPort,
    cmsPort,
    adapterPorts,
    volumes: { 'feiyi-site': siteVolume, 'feiyi-cms-public': cmsPublic },
    env: {
      adapter: options.extraAdapterEnv,
      cms: { DEMO_USERNAME: options.demo.username, DEMO_PASSWORD: options.demo.password },
    },
  });
  const playFile = path.join(kubeDir, 'play.yaml');
  writeFileSync(playFile, toYaml(objects));

  const { secrets } = options;
  const shared = ['CMS_API_TOKEN', 'JWT_SECRET', 'WEBHOOK_SECRET', 'PREVIEW_SECRET'] as const;
  const secretData: Record<string, Record<string, string>> = {
    'feiyi-secrets': { ...Object.fromEntries(shared.map((key) => [key, secrets[key]])), REDIS_URL: options.redisUrl },
    'feiyi-cms-secrets': {
      ...Object.fromEntries(Object.entries(secrets).filter(([key]) => !(shared as readonly string[]).includes(key))),
      DATABASE_URL: options.databaseUrl,
      S3_ACCESS_KEY_ID: store.S3_ACCESS_KEY_ID!,
      S3_SECRET_ACCESS_KEY: store.S3_SECRET_ACCESS_KEY!,
    },
  };
  const podmanSecrets = Object.entries(secretNames).map(([name, podmanName]) => ({ podmanName, data: secretData[name] ?? {} }));
  const removeSecrets = () => {
    for (const { podmanName } of podmanSecrets) spawnSync('podman', ['secret', 'rm', podmanName], { env: podmanEnv(), stdio: 'ignore' });
  };
  const containers = () =>
    podman(['ps', '-a', '--filter', `name=-${suffix}-pod-`, '--format', '{{.Names}}'])
      .split('\n')
      .filter((name) => name && !name.includes('-infra'));
  const stop = async () => {
    for (const name of containers()) {
      const logs = spawnSync('podman', ['logs', name], { encoding: 'utf8', env: podmanEnv(), maxBuffer: 256 * 1024 * 1024 });
      writeFileSync(path.join(options.logDir, `${name}.log`), `${logs.stdout}${logs.stderr}`);
    }
    spawnSync('podman', ['kube', 'down', playFile], { env: podmanEnv(), stdio: 'ignore' });
    removeSecrets();
    for (const service of [...services].reverse()) await service.stop().catch(() => undefined);
  };

  try {
    removeSecrets();
    // From a file (only the owner reads it, removed at once): Podman reads stdin only from a pipe, not Node's socket.
    for (const { podmanName, data } of podmanSecrets) {
      const file = path.join(kubeDir, `${podmanName}.json`);
      writeFileSync(file, podmanSecret(data), { mode: 0o600 });
      try {
        podman(['secret', 'create', podmanName, file]);
      } finally {
        rmSync(file, { force: true });
      }
    }
    options.log(`podman kube play ${path.relative(ROOT, playFile)}（${objects.filter((o) => o.kind === 'Deployment').length} 个 Pod）`);
    podman(['kube', 'play', playFile]);
    const adapters = adapterPorts.map((port, i) => ({ name: `adapter-${i + 1}`, url: `http://${host}:${port}` }));
    // A first start seeds every document before the CMS answers; the site is built once the API answers.
    await waitFor(`${cmsUrl}/_health`, 'feiyi-cms', [204], 900_000, containers);
    for (const adapter of adapters) await waitFor(`${adapter.url}/api/health/ready`, adapter.name, [200], 300_000, containers);
    await waitFor(`${webUrl}/`, '网站（nginx 与网站构建器）', [200], 900_000, containers);
    return { webUrl, cmsUrl, services, stop, adapters, uploadsStore, playFile, containers };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Polls url until it answers one of the statuses; fails early when a container of the run has exited. */
async function waitFor(url: string, what: string, expect: number[], timeoutMs: number, containers: () => string[]): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(3_000) });
      if (expect.includes(response.status)) return;
    } catch {
      // not listening yet
    }
    const exited = podman(['ps', '-a', '--filter', 'status=exited', '--format', '{{.Names}}'])
      .split('\n')
      .filter((name) => containers().includes(name));
    if (exited.length > 0) {
      const logs = spawnSync('podman', ['logs', '--tail', '30', exited[0]!], { encoding: 'utf8', env: podmanEnv() });
      throw new CommandError(`容器 ${exited.join('、')} 已退出（等待 ${what} 时）。日志末尾：\n${logs.stdout}${logs.stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new CommandError(`${what} 在 ${timeoutMs / 1000} 秒内未就绪（${url}）`);
}

export const removeRunFolders = (workDir: string) => rmSync(workDir, { recursive: true, force: true });

/**
 * The nginx role's configuration (feiyi-entrypoint nginx): the scale profile's template (deploy/nginx), rendered
 * into NGINX_DIR (a tmpfs) with the adapters' Service as the one upstream; the entry point then runs nginx.
 * Logs go to the container's output (the template's log folder holds links to it).
 */
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { nginxServesBrotli, renderNginxConfig } from '../scale.ts';
import { ROOT } from '../paths.ts';

const env = process.env;
const dir = env.NGINX_DIR ?? '/tmp/nginx';
const logDir = path.join(dir, 'logs');
mkdirSync(logDir, { recursive: true });
for (const [file, target] of [
  ['nginx-access.log', '/dev/stdout'],
  ['nginx-error.log', '/dev/stderr'],
]) {
  rmSync(path.join(logDir, file!), { force: true });
  symlinkSync(target!, path.join(logDir, file!));
}
writeFileSync(path.join(dir, 'security-headers.conf'), readFileSync(path.join(ROOT, 'deploy', 'nginx', 'security-headers.conf')));
writeFileSync(
  path.join(dir, 'nginx.conf'),
  renderNginxConfig({
    listen: `${env.NGINX_LISTEN ?? `0.0.0.0:${env.PORT ?? 8080}`}`,
    // A Service's one address (Kubernetes spreads the connections over the ready adapters), or several, comma-separated.
    upstreams: env.ADAPTER_UPSTREAM!.split(',').map((address) => address.trim()),
    siteDir: env.SITE_DIR!,
    uploadsStore: env.UPLOADS_STORE!,
    legacyUploadsDir: env.LEGACY_UPLOADS_DIR ?? '/data/cms-public/uploads',
    runtimeDir: dir,
    logDir,
    brotli: nginxServesBrotli(),
  }),
);
console.log(`» nginx 配置已写入 ${dir}/nginx.conf（上游 ${env.ADAPTER_UPSTREAM}，网站 ${env.SITE_DIR}）`);

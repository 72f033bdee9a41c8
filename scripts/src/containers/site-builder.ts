/**
 * The site-builder role (feiyi-entrypoint site-builder): what ./portal's own process does on one machine. Builds the
 * site from the API into SITE_DIR once the CMS and an adapter answer, then checks every second for a publish and
 * updates the pages it touched (scripts/src/site.ts); with SITE_S3_BUCKET it syncs every build to that bucket too.
 * One replica only: the build writes one folder that nginx and the adapters (preview) read.
 */
import { SiteBuilder } from '../site.ts';
import { SiteBucket, siteBucketSettings } from '../site-bucket.ts';

const env = process.env;
const log = (line: string) => console.log(`» ${line}`);
const bucket = siteBucketSettings(env);
const site = new SiteBuilder({
  apiUrl: env.PORTAL_API_URL!,
  cmsUrl: env.CMS_URL!,
  cmsToken: env.CMS_API_TOKEN!,
  outDir: env.SITE_DIR!,
  publicUrl: env.PUBLIC_URL || undefined,
  webhookSecret: env.WEBHOOK_SECRET,
  bucket: bucket && new SiteBucket(bucket),
  log,
});

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  log(`收到 ${signal}，停止网站构建器`);
  await site.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

// The CMS and the adapters may start after this container: the first build is tried again until it succeeds.
for (let attempt = 1; !stopping; attempt++) {
  try {
    await site.buildIfStale(true);
    log(`网站已构建到 ${env.SITE_DIR}`);
    break;
  } catch (error) {
    log(`首次构建网站失败（第 ${attempt} 次）：${(error as Error).message.split('\n')[0]}；5 秒后重试`);
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
}
site.watch(Number(env.SITE_CHECK_INTERVAL_MS ?? 1000));
// watch()'s timer does not hold the process: this does, until SIGTERM.
setInterval(() => undefined, 1 << 30);

/**
 * The scale profile's local S3-compatible store (s3rver, from npm): `node serve.ts <host> <port> <directory> <bucket>…`
 * (the uploads' bucket, and the site's when it is synced to this store). It creates the buckets when missing and writes its pid beside its directory, so whoever started the store that runs
 * now (./portal, or a fault test that killed and restarted it) can stop it.
 */
import { createRequire } from 'node:module';
import { rmSync, writeFileSync } from 'node:fs';

interface S3rverOptions {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: Array<{ name: string }>;
}
const require = createRequire(import.meta.url);
const S3rver = require('@20minutes/s3rver') as new (options: S3rverOptions) => { run(): Promise<unknown> };

const [host, port, directory, bucket, ...moreBuckets] = process.argv.slice(2);
if (!host || !port || !directory || !bucket) throw new Error('usage: serve.ts <host> <port> <directory> <bucket>…');
const pidFile = `${directory}.pid`;
await new S3rver({
  address: host,
  port: Number(port),
  directory,
  silent: true,
  configureBuckets: [bucket, ...moreBuckets].map((name) => ({ name })),
}).run();
writeFileSync(pidFile, String(process.pid));
console.log(`upload store listening on http://${host}:${port}/${bucket} (${directory})`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    rmSync(pidFile, { force: true });
    process.exit(0);
  });
}

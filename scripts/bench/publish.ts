/**
 * Publish → live benchmark: an editor changes a culture item's description in the CMS and publishes it, ten times;
 * each time the clock runs from the publish's answer until the static page (/culture/item/{id}, as the adapter serves
 * it) shows the new text. Runs against a started portal (./portal start in another terminal: the full seeded site, its
 * watch loop), prints the median and the worst with the machine they ran on; then 20 publishes in a burst (the site
 * takes them together) and how soon after the last one the page shows it. The description is restored at the end.
 *   ./portal bench publish      (PORT, CMS_PORT and HOST as for ./portal start; BENCH_PUBLISHES=10)
 */
import os from 'node:os';
import { editorAdminToken } from '../src/admin-session.ts';

const host = process.env.HOST ?? '127.0.0.1';
const webUrl = `http://${host}:${process.env.PORT ?? 8080}`;
const cmsUrl = `http://${host}:${process.env.CMS_PORT ?? 1337}`;
const PUBLISHES = Number(process.env.BENCH_PUBLISHES ?? 10);
/** A page not live after this long counts as a failure of the run. */
const GIVE_UP_MS = 120_000;
const POLL_MS = 100;

async function adminCall(token: string, method: string, route: string, body?: unknown) {
  const response = await fetch(`${cmsUrl}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${route}：HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as { results?: Array<Record<string, unknown>> };
}

async function pageShows(url: string, text: string): Promise<boolean> {
  const response = await fetch(url);
  return response.ok && (await response.text()).includes(text);
}

async function main() {
  const token = await editorAdminToken(cmsUrl);
  const list = (await (await fetch(`${webUrl}/api/culture/page?size=1&page=3`)).json()) as {
    data: { page: { records: Array<{ id: number }> } };
  };
  const id = list.data.page.records[0]?.id;
  if (!id) throw new Error('没有可用的文化条目');
  const collection = '/content-manager/collection-types/api::culture.culture';
  const found = await adminCall(token, 'GET', `${collection}?filters[pid][$eq]=${id}&pageSize=1`);
  const document = found.results?.[0];
  if (!document) throw new Error(`内容后台里找不到条目 ${id}`);
  const documentId = String(document.documentId);
  const original = String(document.description ?? '');
  const pageUrl = `${webUrl}/culture/item/${id}/`;
  const publish = async (description: string) => {
    await adminCall(token, 'PUT', `${collection}/${documentId}`, { description });
    await adminCall(token, 'POST', `${collection}/${documentId}/actions/publish`, {});
  };

  console.log(`发布 → 上线基准：条目 ${id}（${pageUrl}），${PUBLISHES} 次发布`);
  const times: number[] = [];
  const waitUntilLive = async (marker: string, what: string) => {
    const published = performance.now();
    while (!(await pageShows(pageUrl, marker))) {
      if (performance.now() - published > GIVE_UP_MS) throw new Error(`${what} ${GIVE_UP_MS / 1000} 秒后仍未上线`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    return performance.now() - published;
  };
  let burst: { ms: number; took: number } | undefined;
  try {
    for (let i = 1; i <= PUBLISHES; i++) {
      const marker = `基准发布${Date.now().toString(36)}`;
      await publish(`${marker}。${original}`);
      const ms = await waitUntilLive(marker, `第 ${i} 次发布`);
      times.push(ms);
      console.log(`  第 ${i} 次：${(ms / 1000).toFixed(2)} 秒`);
    }
    // A burst: 20 publishes one after another, as fast as the CMS answers; the site takes them together.
    const started = performance.now();
    let last = '';
    for (let j = 1; j <= 20; j++) {
      last = `连续发布${j}号${Date.now().toString(36)}`;
      await publish(`${last}。${original}`);
    }
    const took = performance.now() - started;
    burst = { ms: await waitUntilLive(last, '连续发布的最后一次'), took };
  } finally {
    await publish(original);
  }
  const sorted = times.toSorted((a, b) => a - b);
  const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
  const pages = ((await (await fetch(`${webUrl}/sitemap.xml`)).text()).match(/<loc>/g) ?? []).length;
  console.log(`
发布 → 静态页面上线：中位 ${(median / 1000).toFixed(2)} 秒，最慢 ${(sorted.at(-1)! / 1000).toFixed(2)} 秒（${times.length} 次）
${burst ? `连续 20 次发布（用时 ${(burst.took / 1000).toFixed(1)} 秒）：最后一次发布后 ${(burst.ms / 1000).toFixed(2)} 秒上线\n` : ''}环境：${os.cpus().length} 核 ${os.cpus()[0]?.model ?? ''}，Node.js ${process.version}，平均负载 ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ')}，站点地图 ${pages} 个地址`);
}

await main();

/**
 * Publish → live benchmark: an editor changes a culture item's description in the CMS and publishes it, ten times;
 * each time the clock runs from the publish's answer until the static page (/culture/item/{id}, as the adapter serves
 * it) shows the new text. Runs against a started portal (./portal start in another terminal: the full seeded site, its
 * watch loop), prints the median and the worst with the machine they ran on; then 20 publishes in a burst (the site
 * takes them together) and how soon after the last one the page shows it. The middle publish also puts a character
 * into the title that the heading font's slices lack (chosen from the served /fonts/serif.css): it must go live like
 * the others (a supplementary slice, no full build), its glyph must be in the font when it does, and the publish after
 * it must not wait. Title and description are restored at the end. Like an editor, the bench opens the entry and works
 * on it for BENCH_EDIT_SECONDS (15) before the first publish: the site builder has a render process ready by then. With
 * `SITE_RENDER_IDLE_SECONDS=0 ./portal start` none is kept or started ahead, and every publish is a cold start.
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
const EDIT_MS = Number(process.env.BENCH_EDIT_SECONDS ?? 15) * 1000;

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

/** The code points the served heading font declares (every @font-face unicode-range of /fonts/serif.css). */
async function fontCoverage(): Promise<(code: number) => boolean> {
  const css = await (await fetch(`${webUrl}/fonts/serif.css`)).text();
  const ranges = [...css.matchAll(/U\+([0-9A-F]+)(?:-([0-9A-F]+))?/gi)].map(([, from = '', to]) => [
    parseInt(from, 16),
    parseInt(to ?? from, 16),
  ]);
  return (code) => ranges.some(([from, to]) => code >= from! && code <= to!);
}

/** A CJK character the heading font does not hold yet, from the end of the unified block (real but rare characters). */
async function newGlyph(): Promise<string> {
  const covered = await fontCoverage();
  for (let code = 0x9fa5; code > 0x9e00; code--) if (!covered(code)) return String.fromCodePoint(code);
  throw new Error('找不到字体切片里没有的字');
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
  const originalTitle = String(document.title ?? '');
  const pageUrl = `${webUrl}/culture/item/${id}/`;
  const publish = async (description: string, title?: string) => {
    await adminCall(token, 'PUT', `${collection}/${documentId}`, title === undefined ? { description } : { description, title });
    await adminCall(token, 'POST', `${collection}/${documentId}/actions/publish`, {});
  };

  console.log(`发布 → 上线基准：条目 ${id}（${pageUrl}），${PUBLISHES} 次发布；打开条目 ${EDIT_MS / 1000} 秒后第一次发布`);
  await new Promise((resolve) => setTimeout(resolve, EDIT_MS));
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
  const glyphAt = Math.ceil(PUBLISHES / 2);
  try {
    for (let i = 1; i <= PUBLISHES; i++) {
      const marker = `基准发布${Date.now().toString(36)}`;
      const glyph = i === glyphAt ? await newGlyph() : undefined;
      await publish(`${marker}。${original}`, glyph ? `${originalTitle}${glyph}` : undefined);
      const ms = await waitUntilLive(glyph ? `${originalTitle}${glyph}` : marker, `第 ${i} 次发布`);
      times.push(ms);
      const inFont = glyph ? (await fontCoverage())(glyph.codePointAt(0)!) : undefined;
      if (glyph && !inFont) throw new Error(`标题里的新字「${glyph}」上线时字体里仍没有它`);
      console.log(`  第 ${i} 次：${(ms / 1000).toFixed(2)} 秒${glyph ? `（标题带新字「${glyph}」，上线时已在字体中）` : ''}`);
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
    await publish(original, originalTitle);
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

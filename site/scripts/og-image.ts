/**
 * Draws the site's sharing picture (OpenGraph / Twitter card, 1200 × 630): the seal, the name and the home page's
 * 红脸 mask on 宣纸, composed in HTML and rendered by Debian's Chromium with the Noto CJK fonts. Run once by hand;
 * the picture is committed under site/public/og/, so nothing is drawn or downloaded when the portal starts. Pages with a
 * picture of their own (culture items, inheritors) share that instead.
 *
 *   node site/scripts/og-image.ts
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SITE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(SITE, 'public/og/site.png');

const PAGE = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><style>
html, body { margin: 0; }
body { position: relative; width: 1200px; height: 630px; overflow: hidden; background: #F7F3E9; color: #2B2B2B;
  font-family: "Noto Serif CJK SC", serif; }
p, h1 { position: absolute; margin: 0; }
.wash { position: absolute; inset: 0; background: radial-gradient(ellipse 55% 70% at 78% 50%, rgba(61, 90, 108, 0.16), transparent 70%); }
.frame { position: absolute; inset: 22px; border: 2px solid #C4AE82; }
.frame.inner { inset: 30px; border-width: 1px; opacity: 0.7; }
.seal { position: absolute; left: 98px; top: 60px; width: 64px; height: 64px; display: grid; place-items: center;
  border-radius: 6px; background: #B8312F; color: #F7F3E9; font-size: 40px; font-weight: 700;
  box-shadow: inset 0 0 0 4px #B8312F, inset 0 0 0 6px #F7F3E9; }
.mask { position: absolute; right: 120px; top: 70px; height: 490px; }
.cloud { position: absolute; left: 560px; bottom: 70px; width: 300px; opacity: 0.35; }
.kicker { left: 96px; top: 170px; font-family: "Noto Sans CJK SC", sans-serif; font-size: 26px; letter-spacing: 12px; color: #3D5A6C; }
h1 { left: 92px; top: 215px; font-size: 124px; font-weight: 700; letter-spacing: 10px; }
.rule { position: absolute; left: 98px; top: 392px; width: 96px; height: 5px; background: #B8312F; }
.lead { left: 98px; top: 425px; font-family: "Noto Sans CJK SC", sans-serif; font-size: 30px; color: #4A4A4A; }
</style></head><body>
<div class="wash"></div><div class="frame"></div><div class="frame inner"></div>
<div class="seal">遗</div>
<img class="cloud" src="cloud.svg" alt="">
<img class="mask" src="mask.svg" alt="">
<p class="kicker">国家级非物质文化遗产</p>
<h1>非遗中国</h1>
<div class="rule"></div>
<p class="lead">项目 · 传承人 · 政策 · 地图</p>
</body></html>`;

const work = mkdtempSync(path.join(tmpdir(), 'og-'));
try {
  for (const name of ['mask.svg', 'cloud.svg']) copyFileSync(path.join(SITE, 'public/images/home', name), path.join(work, name));
  writeFileSync(path.join(work, 'og.html'), PAGE);
  execFileSync(
    'chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--hide-scrollbars',
      '--window-size=1200,630',
      `--screenshot=${OUT}`,
      `file://${work}/og.html`,
    ],
    { stdio: 'inherit' },
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`已生成 ${path.relative(process.cwd(), OUT)}`);

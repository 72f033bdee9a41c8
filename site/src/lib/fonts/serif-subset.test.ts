import { describe, expect, it } from 'vitest';
import {
  customProperty,
  fontFaceCss,
  serifCharacters,
  serifRuleSelectors,
  serifSelectors,
  serifSwitchCss,
  sliceByUse,
  slicesNeeded,
  unicodeRange,
  withSerifText,
} from './serif-subset.ts';

describe('serifSelectors', () => {
  it('reads the tags and classes of the rules that set the serif family, last compound only', () => {
    const css =
      'h1,h2,.font-serif{font-family:var(--font-serif);font-weight:650}' +
      '.fan-card h3:hover{font-family: var(--font-serif)}' +
      '.nav-title::after,.home-kicker>.seal-\\[x\\]{font-family:var(--font-serif)}' +
      '.body{font-family:var(--font-sans)}@media (min-width:40rem){.wide-title{font-family:var(--font-serif)}}';
    const { tags, classes } = serifSelectors(css);
    expect([...tags].sort()).toEqual(['h1', 'h2', 'h3']);
    expect([...classes].sort()).toEqual(['font-serif', 'nav-title', 'seal-[x]', 'wide-title']);
  });
});

describe('serifCharacters', () => {
  const selectors = { tags: new Set(['h1']), classes: new Set(['font-serif']) };

  it('keeps the CJK text inside serif elements at any depth, and nothing else', () => {
    const html =
      '<html><head><title>标题不算</title><style>.a{}</style></head><body><p>正文</p>' +
      '<h1 class="x">京剧<span>昆曲</span></h1><p>后</p><div class="card font-serif"><img src="a.png" alt="图">' +
      '<b>越&#x5267;</b><br>Ab</div><script>const s = "脚本";</script><!-- <h1>注释</h1> --></body></html>';
    expect([...serifCharacters(html, selectors)].sort()).toEqual([...'京剧昆曲越'].sort());
  });

  it('survives attributes holding ">" and self-closing tags', () => {
    const html = '<h1 data-note="a > b"><svg><path d="M0"/></svg>名录</h1><p>外</p>';
    expect([...serifCharacters(html, selectors)].sort()).toEqual([...'名录'].sort());
  });
});

describe('sliceByUse', () => {
  it("puts the shared characters first, then each page's own characters together, stably", () => {
    const pages = [new Set('甲乙丙'), new Set('甲丁戊'), new Set('甲乙己庚')];
    // 甲 is on every page, 乙 on two (shared from 2 pages); then the longest page's 己庚, page 1's 丙, page 2's 丁戊.
    expect(sliceByUse(pages, 3, 0.5)).toEqual([['乙', '己', '甲'], ['丁', '丙', '庚'], ['戊']]);
  });

  it("keeps each page's own characters together even when their code points interleave", () => {
    const shared = [...'一二三四五六七八九十'];
    // Page i's own characters are 0x5000 + 10j + i: by code point alone every slice would hold some of each page's.
    const pages = Array.from(
      { length: 10 },
      (_, i) => new Set([...shared, ...Array.from({ length: 20 }, (_, j) => String.fromCodePoint(0x5000 + 10 * j + i))]),
    );
    const slices = sliceByUse(pages, 20);
    expect(slices).toHaveLength(11);
    expect(shared.every((char) => slices[0]!.includes(char))).toBe(true);
    for (const page of pages) expect(slicesNeeded(page, slices)).toBeLessThanOrEqual(3);
  });
});

describe('unicodeRange', () => {
  it('merges consecutive code points', () => {
    expect(unicodeRange(['一', '丁', '丂', '七', '丈'])).toBe('U+4E00-4E03,U+4E08');
  });
});

describe('fontFaceCss', () => {
  it('declares one face per file under one family', () => {
    const css = fontFaceCss('Feiyi Serif', '600 700', [
      { url: '/fonts/a.woff2', chars: ['一'] },
      { url: '/fonts/b.woff2', chars: ['丁'] },
    ]);
    expect(css.split('\n')).toHaveLength(2);
    expect(css).toContain("font-family:'Feiyi Serif'");
    expect(css).toContain("src:url(/fonts/b.woff2) format('woff2');unicode-range:U+4E01");
  });
});

describe('withSerifText', () => {
  it('names the heading characters on the html element, in code point order', () => {
    const html = '<!DOCTYPE html><html lang="zh-CN" data-theme="xuanzhi"><head></head><body><h1>非遗</h1></body></html>';
    expect(withSerifText(html, new Set(['遗', '非']))).toBe(
      '<!DOCTYPE html><html data-serif-text="遗非" lang="zh-CN" data-theme="xuanzhi"><head></head><body><h1>非遗</h1></body></html>',
    );
  });

  it('leaves a page without serif text as it was', () => {
    expect(withSerifText('<html><body></body></html>', new Set())).toBe('<html><body></body></html>');
  });
});

describe('the serif switch', () => {
  const css =
    ':root,:host{--font-serif:"Noto Serif CJK SC",serif;--font-sans:x}h1,h2,.font-serif{font-family:var(--font-serif);font-weight:650}' +
    '@media (width>=48rem){.fan-card h3,.a:is(.b,.c)::before{font-family:var(--font-serif)}}.x{font-family:var(--font-sans)}';

  it('reads every whole selector whose rule sets the serif family, inside @media too, and no other', () => {
    expect(serifRuleSelectors(css)).toEqual(['h1', 'h2', '.font-serif', '.fan-card h3', '.a:is(.b,.c)::before']);
  });

  it("reads the theme's serif stack", () => {
    expect(customProperty(css, '--font-serif')).toBe('"Noto Serif CJK SC",serif');
  });

  it('gives those elements a stack that starts with the build font once html[data-serif] is set', () => {
    expect(serifSwitchCss(['h1', '.fan-card h3'], 'Feiyi Serif', 'serif')).toBe(
      "html[data-serif] h1,html[data-serif] .fan-card h3{--font-serif:'Feiyi Serif',serif}",
    );
    expect(serifSwitchCss([], 'Feiyi Serif', 'serif')).toBe('');
  });
});

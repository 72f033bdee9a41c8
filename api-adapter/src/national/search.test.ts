import { describe, expect, it } from 'vitest';
import type { CultureItem } from '@feiyi/contract/culture';
import { SearchIndex } from '../search/index.ts';
import { sealLayout, sealSvg } from '../inheritor/seal.ts';
import { categories, raw } from './list.fixture.ts';
import { NationalList } from './list.ts';
import { hitKindOrder, searchHits } from './search.ts';

const list = new NationalList(raw, categories);
const article = (id: number, title: string, serial: string): CultureItem => ({
  id,
  title,
  content: `${title}的正文。`,
  coverImage: `https://example.org/uploads/${id}.svg`,
  images: '',
  introVideo: '',
  categoryId: 69,
  categoryName: '戏剧',
  type: '传统戏剧',
  viewCount: 3,
  description: `${title}的简介`,
  tagNames: [],
  provinceId: 1,
  provinceName: '北京',
  provinces: [{ id: 1, name: '北京' }],
  facts: { serial, batch: '第一批', batchYear: 2006, region: '北京市', entryKind: 'new', unesco: null, source: null },
  publishedAt: null,
});
const index = new SearchIndex(
  searchHits([article(7, '京剧', 'Ⅳ-28'), article(8, '格萨（斯）尔', 'Ⅰ-27')], list, {
    sealUrl: (id) => `https://example.org/api/inheritor/${id}/seal.svg`,
    categoryTitle: () => '类',
    province: (name) => ({ id: name.length, name }),
  }),
  { kindOf: hitKindOrder },
);
const top = (keyword: string) => index.search(keyword)[0]!;

describe('search over articles, list items and inheritors', () => {
  it('holds every article, item and inheritor', () => {
    expect(index.size).toBe(2 + 1557 + 3995);
  });

  it('finds items by Chinese, full pinyin and initials, saying what each hit is and where it opens', () => {
    expect(top('相声')).toMatchObject({ kind: 'item', kindText: '名录项目', title: '相声', href: '/minglu/v-47' });
    expect(top('xiangsheng')).toMatchObject({ kind: 'item', title: '相声' });
    expect(top('少林')).toMatchObject({ kind: 'item', title: '少林功夫', href: '/minglu/vi-7' });
    expect(top('湘绣')).toMatchObject({ kind: 'item', title: '湘绣', href: '/minglu/vii-19' });
    expect(top('古琴艺术')).toMatchObject({ kind: 'item', href: '/minglu/ii-34', facts: { region: '中国艺术研究院', batchYear: 2006 } });
    expect(top('春节')).toMatchObject({ kind: 'item', title: '春节', href: '/minglu/x-1' });
    expect(index.search('slgf').map((hit) => hit.title)).toContain('少林功夫');
  });

  it('gives an item hit the provinces its entries name, and a main one only when it was declared in one alone', () => {
    const kunqu = index.search('昆曲').find((hit) => hit.kind === 'item')!;
    expect(kunqu).toMatchObject({ provinceId: null, provinceName: null });
    expect(kunqu.provinces.map((p) => p.name)).toEqual(['北京', '上海', '江苏', '浙江', '湖南']);
    expect(top('湘绣')).toMatchObject({ provinceName: '湖南', provinces: [{ name: '湖南' }] });
  });

  it('lists the article before the item it is about, and opens each in its place', () => {
    const hits = index.search('京剧').slice(0, 2);
    expect(hits.map((hit) => [hit.kind, hit.href])).toEqual([
      ['culture', '/culture/item/7'],
      ['item', '/minglu/iv-28'],
    ]);
    expect(hits[1]!.coverImage).toBe('https://example.org/uploads/7.svg');
  });

  it('lists the item named as the keyword, in any bracket form, before its namesakes; then articles, items, inheritors', () => {
    for (const keyword of ['格萨尔', '格萨斯尔', '格萨(斯)尔', '格萨（斯）尔']) {
      const hits = index.search(keyword);
      expect(
        hits.slice(0, 2).map((hit) => [hit.kind, hit.title, hit.href]),
        keyword,
      ).toEqual([
        ['culture', '格萨（斯）尔', '/culture/item/8'],
        ['item', '格萨（斯）尔', '/minglu/i-27'],
      ]);
      const rest = hits.slice(2).map(hitKindOrder);
      expect(rest, keyword).toEqual(rest.toSorted((a, b) => a - b));
    }
    const titles = index.search('格萨尔').map((hit) => hit.title);
    expect(titles).toContain('藏族格萨尔彩绘石刻');
    // The item's inheritors are found by the item's name in any form, after the items.
    const inheritors = index.search('格萨尔').filter((hit) => hit.kind === 'inheritor');
    expect(inheritors.length).toBeGreaterThan(0);
    expect(inheritors.every((hit) => hit.description.includes('Ⅰ-27') || hit.description.includes('格萨尔'))).toBe(true);
  });

  it('finds inheritors by name and pinyin and opens them on their item page', () => {
    const liu = top('刘长瑜');
    expect(liu).toMatchObject({ kind: 'inheritor', kindText: '传承人', title: '刘长瑜' });
    expect(liu.href).toBe(`/minglu/iv-28#inheritor-${liu.id}`);
    expect(liu.coverImage).toBe(`https://example.org/api/inheritor/${liu.id}/seal.svg`);
    expect(liu.description).toContain('京剧（Ⅳ-28）');
    expect(top('liuchangyu')).toMatchObject({ title: '刘长瑜' });
  });
});

describe('seal portrait', () => {
  it('reads in columns from the right, filling the square to four characters', () => {
    expect(sealLayout('姜昆')).toEqual({ chars: ['姜', '昆', '之', '印'], columns: 2 });
    expect(sealLayout('刘长瑜')).toEqual({ chars: ['刘', '长', '瑜', '印'], columns: 2 });
    expect(sealLayout('欧阳中石')).toEqual({ chars: ['欧', '阳', '中', '石'], columns: 2 });
    expect(sealLayout('阿不都·热依木')).toEqual({ chars: [...'阿不都·热依木'], columns: 1 });
  });

  it('draws the name as text, escaped, and says it is not a portrait', () => {
    const svg = sealSvg('刘长瑜');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('<title>刘长瑜（名章，本站生成，并非肖像）</title>');
    const glyphs = [...svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)"[^>]*>(.)<\/text>/g)].map(
      (m) => [m[3], Number(m[1]), Number(m[2])] as const,
    );
    const x = (char: string) => glyphs.find((g) => g[0] === char)![1];
    const y = (char: string) => glyphs.find((g) => g[0] === char)![2];
    expect(x('刘')).toBeGreaterThan(x('瑜'));
    expect(y('刘')).toBeLessThan(y('长'));
    expect(sealSvg('<a&b>')).not.toContain('<a&b>');
  });
});

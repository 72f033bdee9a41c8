import { describe, expect, it } from 'vitest';
import { NATIONAL_LIST_SOURCE } from './facts.ts';
import { cultureJsonLd } from './json-ld.ts';

const jingju = {
  title: '京剧',
  description: '以西皮、二黄为主要声腔的戏曲剧种。',
  coverImage: 'https://example.org/uploads/jingju.webp',
  tagNames: ['京剧', '戏曲'],
  publishedAt: '2026-01-01T00:00:00.000Z',
  type: '传统戏剧',
  categoryName: '戏剧',
  provinceId: 1,
  provinceName: '北京',
  provinces: [{ id: 1, name: '北京' }],
  facts: { serial: 'Ⅳ-28', batch: '第一批', batchYear: 2006, region: '北京市', entryKind: 'new' as const, unesco: null, source: null },
};

describe('cultureJsonLd', () => {
  it('describes the item as an Article about the element, with its serial and region', () => {
    const data = cultureJsonLd(jingju, 'https://example.org/culture/item/1');
    expect(data).toMatchObject({
      '@type': 'Article',
      headline: '京剧',
      inLanguage: 'zh-CN',
      url: 'https://example.org/culture/item/1',
      image: jingju.coverImage,
      keywords: '京剧,戏曲',
      genre: '传统戏剧',
      about: { name: '京剧', identifier: 'Ⅳ-28' },
      spatialCoverage: { '@type': 'Place', name: '北京市' },
      isBasedOn: NATIONAL_LIST_SOURCE,
    });
  });
  it('leaves out what an article lacks', () => {
    const data = cultureJsonLd({ ...jingju, coverImage: '', tagNames: [], publishedAt: null, provinceName: null, facts: null }, '/x');
    expect(data).not.toHaveProperty('image');
    expect(data).not.toHaveProperty('keywords');
    expect(data).not.toHaveProperty('spatialCoverage');
    expect(data.about).toEqual({ '@type': 'Thing', name: '京剧' });
  });
});

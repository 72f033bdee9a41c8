import { describe, expect, it } from 'vitest';
import { cultureItem } from '@feiyi/contract/culture';
import { strapiCulture, toCultureItem } from './mapper.ts';

const origin = 'http://127.0.0.1:8080';

const doc = strapiCulture.parse({
  id: 41,
  documentId: 'abc',
  pid: 7,
  title: '京剧',
  description: '以西皮、二黄为主要声腔的戏曲剧种。',
  content: '第一段。\n\n第二段。',
  viewCount: 12,
  publishedAt: '2026-11-22T00:00:00.000Z',
  cover: { url: '/uploads/jingju.svg' },
  images: [{ url: '/uploads/a.svg' }, { url: 'https://cdn.example.com/b.png' }],
  introVideo: null,
  category: { code: 67, name: '戏剧', officialName: '传统戏剧' },
  province: { pid: 1, name: '北京市', shortName: '北京' },
  tags: [{ name: '京剧' }, { name: '国粹' }],
  listing: { serial: 'Ⅳ-28', batch: '第一批', batchYear: 2006, region: '北京市', entryKind: 'new', unesco: null, source: 'x' },
});

describe('toCultureItem', () => {
  it('maps a Strapi document to the spec fields, which the contract accepts', () => {
    const item = toCultureItem(doc, origin);
    expect(item).toMatchObject({
      id: 7,
      title: '京剧',
      coverImage: `${origin}/uploads/jingju.svg`,
      images: `${origin}/uploads/a.svg\nhttps://cdn.example.com/b.png`,
      introVideo: '',
      categoryId: 67,
      categoryName: '戏剧',
      type: '传统戏剧',
      viewCount: 12,
      tagNames: ['京剧', '国粹'],
      provinceId: 1,
      provinceName: '北京',
      provinces: [{ id: 1, name: '北京' }],
    });
    // Given the provinces it is listed under (cultureProvinces), it carries them.
    const listed = [
      { id: 1, name: '北京' },
      { id: 2, name: '天津' },
    ];
    expect(toCultureItem(doc, origin, listed).provinces).toEqual(listed);
    expect(item.facts?.serial).toBe('Ⅳ-28');
    expect(() => cultureItem.parse(item)).not.toThrow();
  });

  it('tolerates missing optional relations and media', () => {
    const bare = strapiCulture.parse({ id: 3, documentId: 'd', pid: null, title: '针灸' });
    const item = toCultureItem(bare, origin);
    expect(item).toMatchObject({
      id: 3,
      coverImage: '',
      images: '',
      categoryId: null,
      provinceName: null,
      provinces: [],
      facts: null,
      content: '',
    });
    expect(() => cultureItem.parse(item)).not.toThrow();
  });
});

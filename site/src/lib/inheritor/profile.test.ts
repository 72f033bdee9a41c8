import { describe, expect, it } from 'vitest';
import type { Inheritor } from '@feiyi/contract';
import { INHERITOR_LIST_SOURCE, inheritorFacts, personJsonLd } from './profile.ts';

const person: Inheritor = {
  id: 7,
  inheritorName: '张继青',
  skillType: '昆曲',
  profileImages: 'http://x/a.webp,http://x/b.webp',
  status: 1,
  levelText: '国家级',
  categoryId: 67,
  categoryName: '传统戏剧',
  provinceName: '江苏',
  batch: '第二批',
  batchYear: 2008,
  item: '昆曲',
  introduction: '张继青，昆曲表演艺术家。',
  skillDescription: '以唱功见长。',
  source: 'http://example.org/',
  serial: 'Ⅳ-1',
  href: '/inheritors/7',
};

describe('inheritorFacts', () => {
  it('lists level, category, region, batch with its year and item, with the national list as source', () => {
    expect(inheritorFacts(person)).toEqual({
      rows: [
        { label: '级别', value: '国家级' },
        { label: '类别', value: '传统戏剧' },
        { label: '地区', value: '江苏' },
        { label: '批次/年份', value: '第二批（2008年）' },
        { label: '项目', value: '昆曲' },
      ],
      source: INHERITOR_LIST_SOURCE,
    });
  });
  it('leaves out what is not known', () => {
    const rows = inheritorFacts({ ...person, status: 2, provinceName: null, batch: null, batchYear: 2012, item: null }).rows;
    expect(rows).toEqual([
      { label: '级别', value: '省级' },
      { label: '类别', value: '传统戏剧' },
      { label: '批次/年份', value: '2012年' },
    ]);
  });
});

describe('personJsonLd', () => {
  it('describes the person with schema.org terms', () => {
    expect(personJsonLd(person, 'https://feiyi.example/inheritors/7', 'https://feiyi.example/a.webp')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: '张继青',
      url: 'https://feiyi.example/inheritors/7',
      image: 'https://feiyi.example/a.webp',
      description: '张继青，昆曲表演艺术家。',
      jobTitle: '国家级非物质文化遗产代表性传承人',
      knowsAbout: '昆曲',
      homeLocation: { '@type': 'Place', name: '江苏' },
    });
  });
});

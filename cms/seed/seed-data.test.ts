import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSeedData, matchRelatedCultures } from './load-data';

const data = loadSeedData(path.join(__dirname, 'data'));

describe('seed data', () => {
  it('has the ten categories with the spec codes 66–75', () => {
    expect(data.categories.map((c) => c.code).sort()).toEqual([66, 67, 68, 69, 70, 71, 72, 73, 74, 75]);
  });

  it('has all 34 province-level units, each blurb 80–200 characters', () => {
    expect(data.provinces).toHaveLength(34);
    expect(new Set(data.provinces.map((p) => p.sort)).size).toBe(34);
  });

  it('has at least 8 culture items in every category, each with 300+ characters of content', () => {
    for (const category of data.categories) {
      expect(data.cultures.filter((c) => c.category === category.code).length, `category ${category.code}`).toBeGreaterThanOrEqual(8);
    }
    expect(data.cultures.length).toBeGreaterThanOrEqual(80);
    for (const culture of data.cultures) {
      expect([...culture.content.join('')].length, culture.key).toBeGreaterThanOrEqual(300);
    }
  });

  it('has at least 30 national inheritors, the policy timeline years and the four workshops', () => {
    expect(data.inheritors.length).toBeGreaterThanOrEqual(30);
    expect(data.timeline.map((t) => t.year)).toEqual([1949, 1954, 1982, 2001, 2003, 2005, 2006, 2011, 2021, 2025]);
    expect(data.workshops.map((w) => [w.price, w.seats])).toEqual([
      [99, 10],
      [89, 10],
      [109, 10],
      [79, 10],
    ]);
    expect(data.products.length).toBeGreaterThanOrEqual(12);
    expect(data.donationProjects.length).toBeGreaterThanOrEqual(12);
  });

  it('dates the 2006 first list of items and the 2007 first batch of inheritors correctly', () => {
    expect(data.cultures.filter((c) => c.batch === '第一批').every((c) => c.batchYear === 2006)).toBe(true);
    expect(data.inheritors.filter((i) => i.batch === '第一批').every((i) => i.batchYear === 2007)).toBe(true);
  });

  it('opens the text of an inheritor whose death it states with the years, 姓名（生—卒）', () => {
    const deceased = data.inheritors.flatMap((person) => {
      const death = new RegExp(`(\\d{4})年，${person.name}[^。]*去世`).exec(person.introduction);
      return death ? [{ person, deathYear: death[1] }] : [];
    });
    expect(deceased.map(({ person }) => person.name)).toContain('谭元寿');
    for (const { person, deathYear } of deceased) {
      expect(person.introduction, person.key).toMatch(new RegExp(`^${person.name}（${person.birthYear}—${deathYear}），`));
    }
  });

  it('matches theme pages to cultures by exact name or sub-entry', () => {
    const cultures = [
      { key: 'yingge', title: '英歌' },
      { key: 'suxiu', title: '苏绣' },
      { key: 'jingju', title: '京剧' },
    ];
    expect(matchRelatedCultures(['英歌（普宁英歌）', '苏绣', '苏绣（无锡精微绣）'], cultures)).toEqual(['yingge', 'suxiu']);
    expect(matchRelatedCultures([], cultures)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { coverListing, cultureCover } from './covers';

describe('coverListing', () => {
  it('names the national entry of an item with a serial', () => {
    expect(coverListing({ serial: 'Ⅳ-28', batchYear: 2006, batch: '第一批', unesco: null })).toBe(
      '国家级非物质文化遗产代表性项目 · 2006年第一批',
    );
    expect(coverListing({ serial: 'Ⅶ-16', batchYear: null, batch: null, unesco: '2009年“中国剪纸”列入…' })).toBe(
      '国家级非物质文化遗产代表性项目',
    );
  });

  it('names the current UNESCO list of an item that is no national item', () => {
    expect(
      coverListing({
        serial: null,
        batchYear: null,
        batch: null,
        unesco: '2012年“福建木偶戏后继人才培养计划”入选联合国教科文组织优秀保护实践名册',
      }),
    ).toBe('联合国教科文组织优秀保护实践名册');
    expect(
      coverListing({
        serial: null,
        batchYear: null,
        batch: null,
        unesco: '2009年“羌年”列入联合国教科文组织急需保护的非物质文化遗产名录，2024年转入人类非物质文化遗产代表作名录',
      }),
    ).toBe('联合国教科文组织人类非物质文化遗产代表作名录');
    expect(coverListing({ serial: null, batchYear: null, batch: null, unesco: null })).toBe('非物质文化遗产');
  });

  it('puts the line on the cover', () => {
    const cover = cultureCover({
      title: '中国书法',
      categoryCode: 68,
      categoryLabel: '传统美术',
      province: null,
      batchYear: null,
      batch: null,
      serial: null,
      unesco: '2009年“中国书法”列入联合国教科文组织人类非物质文化遗产代表作名录',
    });
    expect(cover).toContain('联合国教科文组织人类非物质文化遗产代表作名录');
    expect(cover).not.toContain('国家级');
  });
});

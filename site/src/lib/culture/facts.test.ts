import { describe, expect, it } from 'vitest';
import { cultureFacts, NATIONAL_LIST_SOURCE } from './facts.ts';

const jingju = {
  type: '传统戏剧',
  categoryName: '戏剧',
  provinceName: '北京',
  facts: {
    serial: 'Ⅳ-28',
    batch: '第一批',
    batchYear: 2006,
    region: '北京市',
    entryKind: 'new' as const,
    unesco: '2010年列入联合国教科文组织人类非物质文化遗产代表作名录',
    source: 'notes',
  },
};

describe('the fact card of a culture item', () => {
  it('lists 类别 · 地区 · 批次/年份 · 编号 with the list item link, the UNESCO line and the source', () => {
    expect(cultureFacts(jingju)).toEqual({
      rows: [
        { label: '类别', value: '传统戏剧' },
        { label: '地区', value: '北京市' },
        { label: '批次/年份', value: '第一批 · 2006年' },
        { label: '编号', value: 'Ⅳ-28', href: '/minglu/iv-28' },
      ],
      unesco: '2010年列入联合国教科文组织人类非物质文化遗产代表作名录',
      source: NATIONAL_LIST_SOURCE,
    });
  });

  it('marks an extension entry and leaves out what is unknown', () => {
    const card = cultureFacts({ ...jingju, facts: { ...jingju.facts, entryKind: 'extension', batchYear: 2011, unesco: null } });
    expect(card.rows.find((r) => r.label === '批次/年份')?.value).toBe('第三批 · 2011年（扩展项目）');
    expect(card.unesco).toBeUndefined();
  });

  it('falls back to the province and the editors for an article without list facts', () => {
    const card = cultureFacts({ type: null, categoryName: '民俗', provinceName: '福建', facts: null });
    expect(card.rows).toEqual([
      { label: '类别', value: '民俗' },
      { label: '地区', value: '福建' },
    ]);
    expect(card.source).toBe('本站编辑整理');
  });

  it('shows a malformed serial without a link', () => {
    const card = cultureFacts({ ...jingju, facts: { ...jingju.facts, serial: '京剧-1' } });
    expect(card.rows.find((r) => r.label === '编号')).toEqual({ label: '编号', value: '京剧-1' });
  });
});

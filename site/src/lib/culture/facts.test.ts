import { describe, expect, it } from 'vitest';
import { cultureFacts, NATIONAL_LIST_SOURCE } from './facts.ts';

const jingju = {
  type: '传统戏剧',
  categoryName: '戏剧',
  provinceId: 1,
  provinceName: '北京',
  provinces: [{ id: 1, name: '北京' }],
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
        { label: '省份', value: '北京', href: '/area/1' },
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

  it('names the primary province and every province the entries name, each linking to its page', () => {
    const kunqu = {
      ...jingju,
      provinceId: 10,
      provinceName: '江苏',
      provinces: [
        { id: 10, name: '江苏' },
        { id: 1, name: '北京' },
        { id: 9, name: '上海' },
      ],
    };
    const rows = cultureFacts(kunqu).rows.filter((r) => r.label.includes('省份'));
    expect(rows).toEqual([
      { label: '主要省份', value: '江苏', href: '/area/10' },
      {
        label: '涉及省份',
        value: '江苏、北京、上海',
        links: [
          { text: '江苏', href: '/area/10' },
          { text: '北京', href: '/area/1' },
          { text: '上海', href: '/area/9' },
        ],
      },
    ]);
    // Without a primary province, the provinces alone.
    const labels = cultureFacts({ ...kunqu, provinceId: null, provinceName: null }).rows.map((r) => r.label);
    expect(labels).toEqual(['类别', '地区', '涉及省份', '批次/年份', '编号']);
  });

  it('falls back to the province and the editors for an article without list facts', () => {
    const card = cultureFacts({
      type: null,
      categoryName: '民俗',
      provinceId: 13,
      provinceName: '福建',
      provinces: [{ id: 13, name: '福建' }],
      facts: null,
    });
    expect(card.rows).toEqual([
      { label: '类别', value: '民俗' },
      { label: '省份', value: '福建', href: '/area/13' },
    ]);
    expect(card.source).toBe('本站编辑整理');
  });

  it('shows a malformed serial without a link', () => {
    const card = cultureFacts({ ...jingju, facts: { ...jingju.facts, serial: '京剧-1' } });
    expect(card.rows.find((r) => r.label === '编号')).toEqual({ label: '编号', value: '京剧-1' });
  });
});

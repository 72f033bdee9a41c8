import type { NationalFigures } from '@feiyi/contract';

/**
 * The map's static statistics, each as published with its date, and beside it the current figure
 * where it changed: the national list's counts from the API's figures (computed from the complete list, dated by the
 * API), UNESCO's lists from shared/facts/unesco.tsv (45 elements as of December 2025: 40 + 3 + 2).
 */
export const SPEC_AS_OF = '截至 2023 年';
export const UNESCO_AS_OF = '截至 2025 年 12 月';

/** China's elements on UNESCO's ICH lists as of December 2025 (shared/facts/unesco.tsv). */
export const UNESCO_CURRENT = { total: 45, representative: 40, urgent: 3, goodPractices: 2 } as const;

export interface Statistic {
  key: string;
  label: string;
  /** The published figure and unit, with the date it is given for. */
  value: number;
  unit: string;
  asOf: string;
  /** Today's figure where it differs from the published one, with its own date and what it counts. */
  current?: { value: number; unit: string; asOf: string; note: string };
}

interface SpecFigure {
  key: string;
  label: string;
  value: number;
  unit: string;
  /** The national list's category the figure is about (the CMS category code, 66–75), or the whole list. */
  category?: number;
  total?: true;
  unesco?: keyof typeof UNESCO_CURRENT;
}

/** The published figures, in the order they are shown. */
export const SPEC_FIGURES: readonly SpecFigure[] = [
  { key: 'craft', label: '传统技艺', value: 500, unit: '项', category: 71 },
  { key: 'drama', label: '传统戏剧', value: 162, unit: '项', category: 67 },
  { key: 'custom', label: '民俗', value: 280, unit: '项', category: 73 },
  { key: 'music', label: '传统音乐', value: 160, unit: '项', category: 72 },
  { key: 'medicine', label: '传统医药', value: 23, unit: '项', category: 74 },
  { key: 'unesco', label: '联合国教科文组织非遗名录（册）', value: 43, unit: '项', unesco: 'total' },
  { key: 'urgent', label: '急需保护的非遗名录', value: 7, unit: '项', unesco: 'urgent' },
  { key: 'practice', label: '优秀实践名册', value: 1, unit: '项', unesco: 'goodPractices' },
  { key: 'national', label: '国家级非遗代表性项目', value: 1557, unit: '项', total: true },
  { key: 'provincial', label: '省级非遗代表性项目', value: 13000, unit: '余项' },
];

/**
 * The statistics to show: the published figures with their date, and the current one beside each that changed. Without
 * the API's figures (still loading or failed) the national list's current figures are left out, never guessed.
 */
export function mapStatistics(figures?: Pick<NationalFigures, 'asOf' | 'totals' | 'categories'>): Statistic[] {
  return SPEC_FIGURES.map((spec) => {
    const statistic: Statistic = { key: spec.key, label: spec.label, value: spec.value, unit: spec.unit, asOf: SPEC_AS_OF };
    let current: Statistic['current'];
    if (spec.unesco) {
      current = { value: UNESCO_CURRENT[spec.unesco], unit: '项', asOf: UNESCO_AS_OF, note: '联合国教科文组织名录' };
    } else if (spec.total && figures) {
      current = { value: figures.totals.items, unit: '项', asOf: figures.asOf.list, note: '国家级名录项目' };
    } else if (spec.category !== undefined && figures) {
      const category = figures.categories.find((c) => c.categoryId === spec.category);
      if (category) current = { value: category.items, unit: '项', asOf: figures.asOf.list, note: '国家级名录项目' };
    }
    return current && current.value !== spec.value ? { ...statistic, current } : statistic;
  });
}

/** 1557 → '1,557'. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

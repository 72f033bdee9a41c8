/**
 * The five batches of the national list (国务院公布), by year. Facts from shared/facts/national:
 * 2006 第一批, 2008 第二批, 2011 第三批, 2014 第四批, 2021 第五批.
 */
export const BATCHES = [
  { year: 2006, name: '第一批' },
  { year: 2008, name: '第二批' },
  { year: 2011, name: '第三批' },
  { year: 2014, name: '第四批' },
  { year: 2021, name: '第五批' },
] as const;

export function batchName(year: number): string | undefined {
  return BATCHES.find((batch) => batch.year === year)?.name;
}

/** '第一批 · 2006年'; a year outside the five batches (a future one) is shown as the year alone. */
export function batchLabel(year: number): string {
  const name = batchName(year);
  return name ? `${name} · ${year}年` : `${year}年`;
}

export const ENTRY_KIND_LABEL = { new: '新增项目', extension: '扩展项目' } as const;

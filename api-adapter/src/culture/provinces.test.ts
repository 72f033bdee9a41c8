import { describe, expect, it } from 'vitest';
import { cultureProvinces, isEntryOf, type PlacedEntry } from './provinces.ts';

const place = (id: number, name: string) => ({ id, name });
const provinceByName = new Map(
  [place(1, '北京'), place(9, '上海'), place(10, '江苏'), place(11, '浙江'), place(18, '湖南'), place(27, '陕西'), place(6, '辽宁')].map(
    (p) => [p.name, p],
  ),
);
const entry = (serial: string, name: string, province: string | null): PlacedEntry => ({ serial, name, province });
const bySerial = (entries: PlacedEntry[]) => {
  const map = new Map<string, PlacedEntry[]>();
  for (const e of entries) map.set(e.serial, [...(map.get(e.serial) ?? []), e]);
  return map;
};
// Ⅳ-1 昆曲 as the list gives it (2006): five provinces and a national body.
const kunquEntries = bySerial([
  entry('Ⅳ-1', '昆曲', '北京'),
  entry('Ⅳ-1', '昆曲', null),
  entry('Ⅳ-1', '昆曲', '上海'),
  entry('Ⅳ-1', '昆曲', '江苏'),
  entry('Ⅳ-1', '昆曲', '浙江'),
  entry('Ⅳ-1', '昆曲', '湖南'),
]);

describe('the provinces a culture item is listed under', () => {
  it('are every province its national entries name, the primary one first', () => {
    const kunqu = { title: '昆曲', serial: 'Ⅳ-1', primary: place(10, '江苏') };
    expect(cultureProvinces(kunqu, kunquEntries, provinceByName).map((p) => p.name)).toEqual(['江苏', '北京', '上海', '浙江', '湖南']);
  });

  it('without a primary province, are the entries’ provinces in the list’s order', () => {
    const kunqu = { title: '昆曲', serial: 'Ⅳ-1', primary: null };
    expect(cultureProvinces(kunqu, kunquEntries, provinceByName).map((p) => p.name)).toEqual(['北京', '上海', '江苏', '浙江', '湖南']);
  });

  it('count an item’s sub-entries and later entries, but give an article about one sub-entry only that one', () => {
    const entries = bySerial([
      entry('Ⅶ-56', '石雕（煤精雕刻）', '辽宁'),
      entry('Ⅶ-56', '石雕（绥德石雕）', '陕西'),
      entry('Ⅳ-28', '京剧', '北京'),
      entry('Ⅳ-28', '京剧（上海京剧）', '上海'),
      entry('Ⅳ-28', '京剧剧目', '江苏'),
    ]);
    expect(cultureProvinces({ title: '石雕（绥德石雕）', serial: 'Ⅶ-56', primary: null }, entries, provinceByName)).toEqual([
      place(27, '陕西'),
    ]);
    expect(cultureProvinces({ title: '京剧', serial: 'Ⅳ-28', primary: null }, entries, provinceByName).map((p) => p.name)).toEqual([
      '北京',
      '上海',
    ]);
  });

  it('are the primary province alone for an item without a serial, and nothing without either', () => {
    expect(
      cultureProvinces({ title: '福建木偶戏后继人才培养计划', serial: null, primary: place(13, '福建') }, kunquEntries, provinceByName),
    ).toEqual([place(13, '福建')]);
    expect(cultureProvinces({ title: '中国书法', serial: null, primary: null }, kunquEntries, provinceByName)).toEqual([]);
  });

  it('reads an entry as the article’s when it bears the title or is one of its sub-entries', () => {
    expect(isEntryOf('藏戏', '藏戏（德格格萨尔藏戏）')).toBe(true);
    expect(isEntryOf('藏戏', '藏戏')).toBe(true);
    expect(isEntryOf('藏戏', '藏族格萨尔彩绘石刻')).toBe(false);
    expect(isEntryOf('京剧', '京剧剧目')).toBe(false);
  });
});

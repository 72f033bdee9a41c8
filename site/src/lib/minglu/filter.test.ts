import { describe, expect, it } from 'vitest';
import {
  applyFilter,
  decodeEntries,
  encodeEntries,
  facetCounts,
  mingluBrowserHref,
  NATIONAL_BODIES,
  readFilter,
  writeFilter,
  type BrowserItem,
  type Choices,
} from './filter.ts';

// Three items shaped like the list: 京剧 (first batch, extended later), 古琴艺术 (one entry by a national body), 春节.
const items: BrowserItem[] = [
  {
    category: 67,
    text: '京剧 Ⅳ-28 iv-28',
    entries: [
      { province: '北京', year: 2006, kind: 'new' },
      { province: '天津', year: 2006, kind: 'new' },
      { province: '北京', year: 2008, kind: 'extension' },
      { province: '上海', year: 2011, kind: 'extension' },
    ],
  },
  { category: 72, text: '古琴艺术 Ⅱ-34 ii-34', entries: [{ province: NATIONAL_BODIES, year: 2006, kind: 'new' }] },
  {
    category: 73,
    text: '春节 Ⅹ-1 x-1',
    entries: [
      { province: NATIONAL_BODIES, year: 2006, kind: 'new' },
      { province: '上海', year: 2008, kind: 'extension' },
    ],
  },
];
const choices: Choices = {
  categories: new Set([66, 67, 72, 73]),
  provinces: new Set(['北京', '天津', '上海', '内蒙古', NATIONAL_BODIES]),
  batches: new Set([2006, 2008, 2011, 2014, 2021]),
};

describe('the national-list browser filter', () => {
  it('keeps everything without a choice', () => {
    expect(applyFilter(items, {})).toEqual([true, true, true]);
  });

  it('filters by category, province, batch and kind', () => {
    expect(applyFilter(items, { category: 67 })).toEqual([true, false, false]);
    expect(applyFilter(items, { province: '上海' })).toEqual([true, false, true]);
    expect(applyFilter(items, { province: NATIONAL_BODIES })).toEqual([false, true, true]);
    expect(applyFilter(items, { batch: 2008 })).toEqual([true, false, true]);
    expect(applyFilter(items, { kind: 'extension' })).toEqual([true, false, true]);
    expect(applyFilter(items, { category: 67, province: '北京' })).toEqual([true, false, false]);
  });

  it('asks one entry to match province, batch and kind together', () => {
    // 京剧 has a Beijing entry (2006, new) and a 2011 extension (Shanghai), but no Beijing entry of 2011.
    expect(applyFilter(items, { province: '北京', batch: 2011 })).toEqual([false, false, false]);
    expect(applyFilter(items, { province: '北京', batch: 2008, kind: 'extension' })).toEqual([true, false, false]);
    expect(applyFilter(items, { province: '天津', kind: 'extension' })).toEqual([false, false, false]);
  });

  it('matches a keyword in the name or the serial, in either spelling', () => {
    expect(applyFilter(items, { q: '古琴' })).toEqual([false, true, false]);
    expect(applyFilter(items, { q: 'Ⅳ-28' })).toEqual([true, false, false]);
    expect(applyFilter(items, { q: 'IV-28' })).toEqual([true, false, false]);
    expect(applyFilter(items, { q: '  春节 ' })).toEqual([false, false, true]);
  });

  it('counts what each choice would keep, the other choices as they are', () => {
    expect(facetCounts(items, {}, 'category')).toEqual(
      new Map([
        ['67', 1],
        ['72', 1],
        ['73', 1],
      ]),
    );
    expect(facetCounts(items, {}, 'province')).toEqual(
      new Map([
        ['北京', 1],
        ['天津', 1],
        ['上海', 2],
        [NATIONAL_BODIES, 2],
      ]),
    );
    expect(facetCounts(items, { batch: 2008 }, 'province')).toEqual(
      new Map([
        ['北京', 1],
        ['上海', 1],
      ]),
    );
    // The facet's own choice does not narrow its counts.
    expect(facetCounts(items, { province: '北京' }, 'province').get('上海')).toBe(2);
    expect(facetCounts(items, { province: '上海' }, 'batch')).toEqual(
      new Map([
        ['2011', 1],
        ['2008', 1],
      ]),
    );
    expect(facetCounts(items, { category: 73 }, 'kind')).toEqual(
      new Map([
        ['new', 1],
        ['extension', 1],
      ]),
    );
  });

  it('writes entries into one attribute and reads them back', () => {
    const value = encodeEntries(items[2]!.entries);
    expect(value).toBe('national 2006 n|上海 2008 e');
    expect(decodeEntries(value)).toEqual(items[2]!.entries);
    expect(decodeEntries('')).toEqual([]);
  });
});

describe('the filter in the address', () => {
  it('reads the choices a page offers, and drops anything else', () => {
    expect(readFilter('?category=67&province=北京&batch=2006&kind=new&q=京剧', choices)).toEqual({
      category: 67,
      province: '北京',
      batch: 2006,
      kind: 'new',
      q: '京剧',
    });
    expect(readFilter('?category=99&province=火星&batch=2007&kind=old&q=%20', choices)).toEqual({});
    expect(readFilter('?category=6x7&batch=', choices)).toEqual({});
    expect(readFilter('', choices)).toEqual({});
  });

  it('accepts full province names', () => {
    expect(readFilter('?province=北京市', choices).province).toBe('北京');
    expect(readFilter('?province=内蒙古自治区', choices).province).toBe('内蒙古');
    expect(readFilter(`?province=${NATIONAL_BODIES}`, choices).province).toBe(NATIONAL_BODIES);
  });

  it('writes the choices in a fixed order and round-trips', () => {
    const filter = { kind: 'extension', province: '上海', category: 67 } as const;
    expect(writeFilter(filter)).toBe(`?category=67&province=${encodeURIComponent('上海')}&kind=extension`);
    expect(readFilter(writeFilter(filter), choices)).toEqual(filter);
    expect(writeFilter({})).toBe('');
    expect(mingluBrowserHref({ province: '北京' })).toBe(`/minglu?province=${encodeURIComponent('北京')}`);
  });
});

import { describe, expect, it } from 'vitest';
import { normalizeKeyword, SearchIndex, titlePinyin } from './index.ts';

const item = (
  id: number,
  title: string,
  extra: Partial<{ description: string; content: string; tagNames: string[]; viewCount: number }> = {},
) => ({
  id,
  title,
  description: extra.description ?? '',
  content: extra.content ?? '',
  tagNames: extra.tagNames ?? [],
  viewCount: extra.viewCount ?? 0,
});

const index = new SearchIndex([
  item(1, '京剧', { content: '以西皮、二黄为主要声腔。', tagNames: ['国粹'] }),
  item(2, '昆曲', { description: '被称为百戏之祖，与京剧关系密切。' }),
  item(3, '剪纸（蔚县剪纸）', { tagNames: ['窗花'] }),
  item(4, '川剧', { content: '变脸是川剧的绝活，京剧中并不常见。' }),
  item(5, '景泰蓝制作技艺', { viewCount: 5 }),
  item(6, '京韵大鼓', { viewCount: 9 }),
]);
const ids = (keyword: string) => index.search(keyword).map((i) => i.id);

describe('SearchIndex', () => {
  it('finds Chinese substrings and ranks title hits before description and content hits', () => {
    expect(ids('京剧')).toEqual([1, 2, 4]);
  });

  it('finds titles by full pinyin, with or without spaces, and by initials', () => {
    expect(ids('jingju')).toEqual([1]);
    expect(ids('Jing Ju')).toEqual([1]);
    expect(ids('jj')).toEqual([1]);
    expect(ids('jianzhi')).toEqual([3]);
  });

  it('orders equal ranks by views', () => {
    expect(ids('jing')).toEqual([6, 5, 1]);
  });

  it('finds a title by its bracket forms and lists it before titles that only contain the keyword', () => {
    const epic = new SearchIndex([item(1, '藏族格萨尔彩绘石刻', { viewCount: 50 }), item(2, '格萨（斯）尔', { content: '史诗。' })]);
    expect(epic.search('格萨尔').map((i) => i.id)).toEqual([2, 1]);
    for (const keyword of ['格萨斯尔', '格萨(斯)尔', '格萨（斯）尔'])
      expect(
        epic.search(keyword).map((i) => i.id),
        keyword,
      ).toEqual([2]);
  });

  it('lists hits of an earlier kind first once the named ones are listed', () => {
    const kinds = new SearchIndex([item(1, '京剧脸谱'), item(2, '昆曲', { content: '京剧' }), item(3, '京剧')], {
      kindOf: (i) => (i.id === 2 ? 0 : 1),
    });
    expect(kinds.search('京剧').map((i) => i.id)).toEqual([3, 2, 1]);
  });

  it('searches tags', () => {
    expect(ids('窗花')).toEqual([3]);
  });

  it('answers nothing for a blank keyword', () => {
    expect(ids('   ')).toEqual([]);
  });

  it('treats regex and SQL metacharacters as plain text', () => {
    expect(ids('.*')).toEqual([]);
    expect(ids("' OR 1=1 --")).toEqual([]);
    expect(ids('（蔚县')).toEqual([3]);
    expect(ids('[')).toEqual([]);
    expect(ids('京'.repeat(1000))).toEqual([]);
  });
});

describe('SearchIndex built from the previous copy’s index', () => {
  const kindOf = (i: { id: number }) => (i.id < 100 ? 0 : 1);
  const articles = [item(1, '京剧', { content: '西皮二黄' }), item(2, '昆曲', { description: '百戏之祖' })];
  const listItems = [item(101, '京剧', { tagNames: ['Ⅳ-28'] }), item(102, '川剧', { content: '变脸' }), item(103, '京韵大鼓')];
  const keywords = ['京剧', 'jingju', 'jj', '变脸', '百戏', '京', '西皮二黄', '新戏', '川剧', '大鼓'];
  const results = (index: SearchIndex<ReturnType<typeof item>>) => keywords.map((k) => index.search(k));

  it('keeps the index of a kind whose texts are unchanged, and answers as an index built afresh, with the new items', () => {
    const previous = new SearchIndex([...articles, ...listItems], { kindOf });
    // An editor publishes article 2 (its description changes); the list's items come again, as new objects with new views.
    const changed = [articles[0]!, item(2, '昆曲', { description: '新戏之祖' })];
    const again = listItems.map((i) => ({ ...i, viewCount: i.id }));
    const next = new SearchIndex([...changed, ...again], { kindOf, previous });
    const fresh = new SearchIndex([...changed, ...again], { kindOf });
    expect(next.keptKinds).toEqual([1]);
    expect(fresh.keptKinds).toEqual([]);
    expect(results(next)).toEqual(results(fresh));
    expect(next.search('新戏').map((i) => i.id)).toEqual([2]);
    expect(next.search('百戏')).toEqual([]);
    // The kept kind answers with the new items (their views), not the previous copy's.
    expect(next.search('变脸')[0]).toBe(again[1]);
  });

  it('indexes a kind again when any of its texts, their number or their order changed', () => {
    const previous = new SearchIndex([...articles, ...listItems], { kindOf });
    const renamed = new SearchIndex([...articles, listItems[0]!, item(102, '川剧高腔', { content: '变脸' }), listItems[2]!], {
      kindOf,
      previous,
    });
    expect(renamed.keptKinds).toEqual([0]);
    expect(renamed.search('高腔').map((i) => i.id)).toEqual([102]);
    const fewer = new SearchIndex([...articles, ...listItems.slice(0, 2)], { kindOf, previous });
    expect(fewer.keptKinds).toEqual([0]);
    expect(fewer.search('大鼓')).toEqual([]);
    const reordered = new SearchIndex([...articles, ...[...listItems].reverse()], { kindOf, previous });
    expect(reordered.keptKinds).toEqual([0]);
    expect(results(reordered)).toEqual(results(new SearchIndex([...articles, ...[...listItems].reverse()], { kindOf })));
    const retagged = new SearchIndex([...articles, item(101, '京剧', { tagNames: ['Ⅳ-29'] }), ...listItems.slice(1)], { kindOf, previous });
    expect(retagged.keptKinds).toEqual([0]);
    expect(retagged.search('Ⅳ-28')).toEqual([]);
  });
});

describe('helpers', () => {
  it('computes pinyin keys of a title, ignoring the parenthesised sub-name', () => {
    expect(titlePinyin('剪纸（蔚县剪纸）')).toEqual({ full: 'jianzhi', initials: 'jz' });
  });
  it('normalises keywords', () => {
    expect(normalizeKeyword('  Jing   JU ')).toBe('jing ju');
  });
});

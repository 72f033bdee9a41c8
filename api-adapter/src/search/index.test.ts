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

describe('helpers', () => {
  it('computes pinyin keys of a title, ignoring the parenthesised sub-name', () => {
    expect(titlePinyin('剪纸（蔚县剪纸）')).toEqual({ full: 'jianzhi', initials: 'jz' });
  });
  it('normalises keywords', () => {
    expect(normalizeKeyword('  Jing   JU ')).toBe('jing ju');
  });
});

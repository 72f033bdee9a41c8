import { describe, expect, it } from 'vitest';
import { plainText } from './route';
import { changedFields } from './versions';

describe('version history', () => {
  it('names the fields a save changed, and every filled field of a first version', () => {
    const before = { title: '昆曲', content: '正文', category: { documentId: 'a', name: '传统戏剧' }, tags: [] };
    expect(changedFields(before, { ...before, category: { documentId: 'b', name: '传统音乐' } })).toEqual(['category']);
    expect(changedFields(before, { ...before })).toEqual([]);
    expect(changedFields(undefined, before)).toEqual(['title', 'content', 'category']);
    // As PostgreSQL's jsonb gives a stored snapshot back: the same relation with its keys in another order.
    expect(changedFields({ ...before, category: { name: '传统戏剧', documentId: 'a' } }, before)).toEqual([]);
  });

  it('compares rich text as text: Markdown marks, links and HTML left out', () => {
    expect(plainText('## 标题\n\n**第一版**的[正文](https://example.com)。<br/>\n- 一条')).toBe('标题 第一版的正文。 一条');
  });
});

import { describe, expect, it } from 'vitest';
import { atomXml, FEED_SIZE, plainSummary, rfc3339, tagId } from './atom.ts';

describe('Atom feeds', () => {
  const origin = 'https://feiyi.example';
  const entry = (n: number) => ({
    id: `${origin}/culture/item/${n}/`,
    title: `条目 ${n} <昆曲> & "京剧"\u0001`,
    summary: '简介',
    link: `${origin}/culture/item/${n}/`,
    updated: `2026-01-${String(n).padStart(2, '0')}T00:00:00Z`,
  });

  it('are newest first, escaped, with absolute self and alternate links and the newest date as the feed’s', () => {
    const xml = atomXml(
      { path: '/feeds/culture.xml', title: '文化条目', subtitle: '新内容', page: '/culture/', entries: [entry(1), entry(3), entry(2)] },
      origin,
    );
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="zh-CN">');
    expect(xml).toContain('<link rel="self" type="application/atom+xml" href="https://feiyi.example/feeds/culture.xml"/>');
    expect(xml).toContain('<link rel="alternate" type="text/html" href="https://feiyi.example/culture/"/>');
    expect(xml).toContain('<title>条目 3 &lt;昆曲&gt; &amp; &quot;京剧&quot;</title>');
    expect(xml.indexOf('条目 3')).toBeLessThan(xml.indexOf('条目 2'));
    expect(xml).toMatch(/<\/subtitle>\n {2}<updated>2026-01-03T00:00:00Z<\/updated>/);
  });

  it(`carry at most ${FEED_SIZE} entries`, () => {
    const many = Array.from({ length: FEED_SIZE + 5 }, (_, i) => ({ ...entry(1), id: `${origin}/x/${i}` }));
    const xml = atomXml({ path: '/feeds/news.xml', title: '资讯', subtitle: '', page: '/culture/', entries: many }, origin);
    expect(xml.match(/<entry>/g)).toHaveLength(FEED_SIZE);
  });

  it('write dates as RFC 3339 (a day in Beijing time), summaries as plain text, tag: ids', () => {
    expect(rfc3339('2021-06-10')).toBe('2021-06-10T00:00:00+08:00');
    expect(rfc3339('2026-11-29T17:02:11.123Z')).toBe('2026-11-29T17:02:11Z');
    expect(plainSummary('## 标题\n\n<b>正文</b>', 10)).toBe('标题 正文');
    expect(plainSummary('一二三四五六七八九十十一', 5)).toBe('一二三四…');
    expect(tagId('https://feiyi.example:8443', 'news/3')).toBe('tag:feiyi.example,2026:news/3');
  });
});

/**
 * Atom feeds (RFC 4287) of what is new: news, culture articles published or updated, policies. Pure: the records come
 * in, the XML goes out (the endpoints under src/pages/feeds/ read the API). Every address is absolute; titles and
 * summaries are the site's Chinese text.
 */
export interface FeedEntry {
  /** A permanent IRI of its own (the page's address, or a tag: URI when the page lists many). */
  id: string;
  title: string;
  summary: string;
  /** Absolute address of the page that shows it. */
  link: string;
  /** RFC 3339 date-time. */
  updated: string;
  published?: string;
  category?: string;
}

export interface Feed {
  /** Path of the feed itself (/feeds/news.xml): its id and rel="self". */
  path: string;
  title: string;
  subtitle: string;
  /** Path of the page the feed follows (rel="alternate"). */
  page: string;
  entries: FeedEntry[];
}

/** The feeds the site offers, as its pages link them (<link rel="alternate" type="application/atom+xml">). */
export const FEEDS = [
  { path: '/feeds/news.xml', title: '非遗中国 · 资讯' },
  { path: '/feeds/culture.xml', title: '非遗中国 · 文化条目（新发布与更新）' },
  { path: '/feeds/policy.xml', title: '非遗中国 · 政策法规' },
] as const;

/** How many entries a feed carries (newest first). */
export const FEED_SIZE = 50;

const escapeXml = (text: string) =>
  text
    // Characters XML 1.0 does not allow in a document (the C0 controls but tab, line feed and carriage return).
    // eslint-disable-next-line no-control-regex
    .replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** A date (YYYY-MM-DD, Beijing time) or date-time as RFC 3339. */
export function rfc3339(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T00:00:00+08:00`;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '1970-01-01T00:00:00Z' : date.toISOString().replace(/\.\d+Z$/, 'Z');
}

/** Plain text of a summary: tags and Markdown marks out, whitespace folded, at most `max` characters. */
export function plainSummary(text: string, max = 200): string {
  const plain = text
    .replace(/<[^>]*>/g, '')
    .replace(/[#*_`>]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

const time = (value: string) => new Date(value).getTime();

export function atomXml(feed: Feed, origin: string): string {
  const abs = (path: string) => new URL(path, origin).href;
  const entries = [...feed.entries].sort((a, b) => time(b.updated) - time(a.updated)).slice(0, FEED_SIZE);
  // The feed changed when its newest entry did; an empty feed keeps a fixed date rather than the build's.
  const updated = entries[0]?.updated ?? '2006-01-01T00:00:00Z';
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="zh-CN">',
    `  <id>${escapeXml(abs(feed.path))}</id>`,
    `  <title>${escapeXml(feed.title)}</title>`,
    `  <subtitle>${escapeXml(feed.subtitle)}</subtitle>`,
    `  <updated>${updated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(abs(feed.path))}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(abs(feed.page))}"/>`,
    '  <author><name>非遗中国</name></author>',
    '  <generator>非遗中国网站构建</generator>',
    `  <rights>内容 © 非遗中国；名录事实据官方公布的名录</rights>`,
    ...entries.flatMap((entry) => [
      '  <entry>',
      `    <id>${escapeXml(entry.id)}</id>`,
      `    <title>${escapeXml(entry.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(entry.link)}"/>`,
      ...(entry.published ? [`    <published>${entry.published}</published>`] : []),
      `    <updated>${entry.updated}</updated>`,
      ...(entry.category ? [`    <category term="${escapeXml(entry.category)}"/>`] : []),
      `    <summary type="text">${escapeXml(entry.summary)}</summary>`,
      '  </entry>',
    ]),
    '</feed>',
    '',
  ];
  return lines.join('\n');
}

/** A tag: URI (RFC 4151) for things that have no page of their own (news on /culture). */
export const tagId = (origin: string, specific: string) => `tag:${new URL(origin).hostname},2026:${specific}`;

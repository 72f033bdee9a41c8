import type { APIRoute, GetStaticPaths } from 'astro';
import { allCultures, allNews, fetchPolicies } from '../../lib/data/api';
import { type Feed, type FeedEntry, atomXml, plainSummary, rfc3339, tagId } from '../../lib/feeds/atom.ts';

// Atom feeds of news, culture articles (new and updated) and policies, written by every build; the render service
// writes a feed again when a publish changes the answers it read.
export const getStaticPaths = (() => ['news', 'culture', 'policy'].map((feed) => ({ params: { feed } }))) satisfies GetStaticPaths;

async function feedOf(name: string, origin: string): Promise<Feed | undefined> {
  const abs = (path: string) => new URL(path, origin).href;
  if (name === 'news') {
    const news = await allNews();
    return {
      path: '/feeds/news.xml',
      title: '非遗中国 · 资讯',
      subtitle: '非物质文化遗产的新闻与活动',
      page: '/culture/',
      entries: news.map((item): FeedEntry => ({
        id: tagId(origin, `news/${item.id}`),
        title: item.title,
        summary: plainSummary(item.summary || item.desc || item.body),
        link: abs('/culture/#news-title'),
        updated: rfc3339(item.date),
        published: rfc3339(item.date),
      })),
    };
  }
  if (name === 'culture') {
    const cultures = await allCultures();
    return {
      path: '/feeds/culture.xml',
      title: '非遗中国 · 文化条目（新发布与更新）',
      subtitle: '新发布或更新的非遗文化条目',
      page: '/culture/',
      entries: cultures
        .filter((item) => item.publishedAt)
        .map((item): FeedEntry => ({
          id: abs(`/culture/item/${item.id}/`),
          title: item.title,
          summary: plainSummary(item.description || item.content),
          link: abs(`/culture/item/${item.id}/`),
          updated: rfc3339(item.publishedAt!),
          ...(item.categoryName ? { category: item.categoryName } : {}),
        })),
    };
  }
  if (name === 'policy') {
    const policies = await fetchPolicies();
    return {
      path: '/feeds/policy.xml',
      title: '非遗中国 · 政策法规',
      subtitle: '非物质文化遗产保护的法律、法规与政策文件',
      page: '/policy/',
      entries: policies.map((policy): FeedEntry => ({
        id: abs(`/policy/#policy-${policy.id}`),
        title: policy.title,
        summary: plainSummary([policy.issuer, policy.docNumber, policy.content].filter(Boolean).join('　')),
        link: abs(`/policy/#policy-${policy.id}`),
        updated: rfc3339(policy.pubDate),
        published: rfc3339(policy.pubDate),
      })),
    };
  }
  return undefined;
}

export const GET: APIRoute = async ({ params, site }) => {
  const origin = (site ?? new URL('http://127.0.0.1:8080')).origin;
  const feed = await feedOf(params.feed ?? '', origin);
  if (!feed) return new Response('没有这个订阅源', { status: 404 });
  return new Response(atomXml(feed, origin), { headers: { 'content-type': 'application/atom+xml; charset=utf-8' } });
};

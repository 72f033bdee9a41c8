import { z } from 'zod';
import { cultureItem } from './culture.ts';
import { envelope, positiveId } from './common.ts';
import { timelineEntry } from './policy.ts';

export const heritagePage = z
  .object({
    id: z.number().int(),
    slug: z.string().describe('/textile … /sichuan-opera'),
    title: z.string(),
    subtitle: z.string(),
    summary: z.string(),
    body: z.string(),
    coverImage: z.string(),
    verification: z.enum(['verified', 'pending']),
    note: z.string(),
    relatedCultures: z.array(z.object({ id: z.number().int(), title: z.string() })),
  })
  .meta({ id: 'HeritagePage' });
export type HeritagePage = z.infer<typeof heritagePage>;
export const heritageIdParam = z.object({
  id: z
    .string()
    .regex(/^(\d+|[a-z]+(-[a-z]+)*)$/, { error: '专题编号无效' })
    .describe('编号或 slug'),
});
export const heritageResponse = envelope(z.object({ heritage: heritagePage }));
export const heritageListResponse = envelope(z.object({ pages: z.array(heritagePage) }));

export const newsItem = z
  .object({
    id: z.number().int(),
    title: z.string(),
    summary: z.string(),
    desc: z.string(),
    body: z.string(),
    date: z.string(),
    coverImage: z.string(),
    videoPath: z.string(),
    source: z.string(),
  })
  .meta({ id: 'NewsItem' });
export const newsIdParam = z.object({ id: positiveId('资讯编号') });
export const newsResponse = envelope(z.object({ news: newsItem }));
export const newsListResponse = envelope(z.object({ news: z.array(newsItem) }));

export const showcaseInheritor = z
  .object({ id: z.number().int(), name: z.string(), titles: z.array(z.string()), description: z.string(), image: z.string() })
  .meta({ id: 'ShowcaseInheritor' });
export const homeResponse = envelope(
  z.object({
    heroTitle: z.string(),
    heroSubtitle: z.string(),
    hotCultures: z.array(cultureItem).describe('编辑精选的 9 个热门项目'),
    inheritors: z.array(showcaseInheritor).describe('首页展示的 5 位传承人'),
    timeline: z.array(timelineEntry),
    heritagePages: z.array(z.object({ id: z.number().int(), slug: z.string(), title: z.string() })),
  }),
);

import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { Snapshot } from '../cache/snapshot.ts';
import type { CmsClient } from '../cms/client.ts';
import type { category as categorySchema, CultureItem } from '../contract/culture.ts';
import type { Product } from '../contract/product.ts';
import type { Province } from '../contract/province.ts';
import { toCultureItem } from '../culture/mapper.ts';
import { toDonationProject } from '../donation/mapper.ts';
import { toInheritor } from '../inheritor/mapper.ts';
import { toHeritagePage, toNewsItem } from '../pages/mapper.ts';
import { toPolicy, toTimelineEntry } from '../policy/mapper.ts';
import { toProduct } from '../product/mapper.ts';
import { provinceKeys, toProvince } from '../province/mapper.ts';
import { SearchIndex } from '../search/index.ts';
import { toWorkshop } from '../workshop/mapper.ts';
import {
  strapiCategory,
  strapiCulture,
  strapiDonationProject,
  strapiHeritagePage,
  strapiHomePage,
  strapiInheritor,
  strapiNewsItem,
  strapiPolicy,
  strapiProduct,
  strapiProvince,
  strapiTimelineEntry,
  strapiWorkshop,
} from './strapi-shapes.ts';

export type Category = z.infer<typeof categorySchema>;

const byId = <T extends { id: number }>(items: readonly T[]) => new Map(items.map((item) => [item.id, item]));
const group = <T, K>(items: readonly T[], key: (item: T) => K | null) => {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const list = groups.get(k) ?? [];
    list.push(item);
    groups.set(k, list);
  }
  return groups;
};

/** Published editorial content: changes when editors publish. */
export async function loadContent(cms: CmsClient, origin: string) {
  const [rawCultures, rawCategories, rawProvinces, rawInheritors, rawPolicies, rawTimeline, rawNews, rawPages, rawProjects, rawHome] =
    await Promise.all([
      cms.listAll('cultures', { sort: 'pid:asc' }),
      cms.listAll('categories', { sort: 'sort:asc' }),
      cms.listAll('provinces', { sort: 'pid:asc' }),
      cms.listAll('inheritors', { sort: 'pid:asc' }),
      cms.listAll('policies', { sort: 'pubDate:asc' }),
      cms.listAll('timeline-entries', { sort: 'year:asc' }),
      cms.listAll('news-items', { sort: 'date:desc' }),
      cms.listAll('heritage-pages', { sort: 'sort:asc' }),
      cms.listAll('donation-projects', { sort: 'sort:asc' }),
      cms.single('home-page').catch(() => null),
    ]);

  const cultures: CultureItem[] = rawCultures.map((raw) => toCultureItem(strapiCulture.parse(raw), origin)).sort((a, b) => a.id - b.id);
  const culturesByCategory = group(cultures, (c) => c.categoryId);
  const culturesByProvince = group(cultures, (c) => c.provinceId);

  const categories: Category[] = rawCategories.map((raw) => {
    const c = strapiCategory.parse(raw);
    return {
      id: c.code,
      title: c.name,
      officialName: c.officialName,
      description: c.description ?? '',
      count: culturesByCategory.get(c.code)?.length ?? 0,
    };
  });
  const provinces: Province[] = rawProvinces.map((raw) => {
    const p = strapiProvince.parse(raw);
    return toProvince(p, culturesByProvince.get(p.pid)?.length ?? 0);
  });
  const provinceByKey = new Map<string, Province>();
  for (const province of provinces) for (const key of provinceKeys(province)) provinceByKey.set(key, province);

  const inheritors = rawInheritors.map((raw) => toInheritor(strapiInheritor.parse(raw), origin)).sort((a, b) => a.id - b.id);
  const policies = rawPolicies.map((raw) => toPolicy(strapiPolicy.parse(raw)));
  const timeline = rawTimeline.map((raw) => toTimelineEntry(strapiTimelineEntry.parse(raw)));
  const news = rawNews.map((raw) => toNewsItem(strapiNewsItem.parse(raw), origin));
  const heritagePages = rawPages.map((raw) => toHeritagePage(strapiHeritagePage.parse(raw), origin));
  const donationProjects = rawProjects.map((raw) => toDonationProject(strapiDonationProject.parse(raw), origin));
  const home = rawHome ? strapiHomePage.parse(rawHome) : null;

  const cultureById = byId(cultures);
  const inheritorById = byId(inheritors);
  return {
    cultures,
    cultureById,
    culturesByCategory,
    culturesByProvince,
    categories,
    categoryByCode: new Map(categories.map((c) => [c.id, c])),
    provinces,
    provinceById: byId(provinces),
    provinceByKey,
    inheritors,
    inheritorById,
    inheritorsByCategory: group(inheritors, (i) => i.categoryId),
    policies,
    timeline,
    news,
    newsById: byId(news),
    heritagePages,
    heritageById: byId(heritagePages),
    heritageBySlug: new Map(heritagePages.map((p) => [p.slug, p])),
    donationProjects,
    donationProjectById: byId(donationProjects),
    home: {
      heroTitle: home?.heroTitle ?? '非遗中国',
      heroSubtitle: home?.heroSubtitle ?? '',
      hotCultures: (home?.hotCultures ?? []).map((c) => cultureById.get(c.pid ?? -1)).filter((c): c is CultureItem => Boolean(c)),
      showcaseInheritors: (home?.showcaseInheritors ?? []).map((i) => inheritorById.get(i.pid ?? -1)).filter((i) => i !== undefined),
    },
    search: new SearchIndex(cultures),
  };
}
export type Content = Awaited<ReturnType<typeof loadContent>>;

/** What sells: products (stock) and workshops (seats) change with every purchase, so they reload on their own. */
export async function loadShop(cms: CmsClient, origin: string) {
  const [rawProducts, rawWorkshops] = await Promise.all([
    cms.listAll('products', { sort: 'pid:asc' }),
    cms.listAll('workshops', { sort: 'startTime:asc' }),
  ]);
  const products: Product[] = rawProducts.map((raw) => toProduct(strapiProduct.parse(raw), origin)).sort((a, b) => a.id - b.id);
  const workshops = rawWorkshops.map((raw) => toWorkshop(strapiWorkshop.parse(raw), origin));
  return { products, productById: byId(products), workshops, workshopById: byId(workshops) };
}
export type Shop = Awaited<ReturnType<typeof loadShop>>;

/**
 * The adapter's in-memory copy of public content. Each instance re-checks the CMS's content
 * fingerprints every few seconds (and at once when the CMS reports a change), reloading only what
 * changed; a failed reload keeps serving the last good copy.
 */
export class ContentStore {
  readonly content: Snapshot<Content>;
  readonly shop: Snapshot<Shop>;
  private lastVersion: { content: string; shop: string } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly cms: CmsClient;
  private readonly log: FastifyBaseLogger;

  constructor(cms: CmsClient, origin: string, log: FastifyBaseLogger) {
    this.cms = cms;
    this.log = log;
    const onError = (error: unknown) => log.warn({ err: error }, 'content reload failed; serving the previous copy');
    this.content = new Snapshot(() => loadContent(cms, origin), { revalidateMs: 0, onError });
    this.shop = new Snapshot(() => loadShop(cms, origin), { revalidateMs: 0, onError });
  }

  /** Asks the CMS whether anything changed since the last check; reloads what did. */
  async checkForChanges(): Promise<void> {
    const version = await this.cms.contentVersion();
    const last = this.lastVersion;
    this.lastVersion = version;
    if (!last) return;
    if (version.content !== last.content) await this.content.invalidate();
    if (version.shop !== last.shop) await this.shop.invalidate();
  }

  startWatching(intervalMs: number): void {
    if (intervalMs <= 0) return;
    this.checkForChanges().catch(() => undefined);
    this.timer = setInterval(() => {
      this.checkForChanges().catch((error: unknown) => this.log.warn({ err: error }, 'content version check failed'));
    }, intervalMs);
    this.timer.unref();
  }

  stopWatching(): void {
    clearInterval(this.timer);
  }
}

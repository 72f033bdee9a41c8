import path from 'node:path';
import type { Core, UID } from '@strapi/strapi';
import { bannerCover, cultureCover, inheritorPortrait, newsCover, productCover, type Motif } from './artwork';
import { loadSeedData, matchRelatedCultures, type SeedData } from './load-data';
import { SeedMedia } from './media';
import { productCategoryName, productCategoryOf } from '@feiyi/contract/product-rules';

const SEED_STORE = { type: 'core', name: 'portal', key: 'seed-hash' } as const;
const paragraphs = (list: readonly string[]) => list.join('\n\n');

type Strapi = Core.Strapi;

/** documentId of the document with this slug (draft or published), or undefined. */
async function findBySlug(strapi: Strapi, uid: UID.ContentType, slug: string): Promise<string | undefined> {
  const row = await strapi.db.query(uid).findOne({ where: { slug }, select: ['documentId'] });
  return (row?.documentId as string | undefined) ?? undefined;
}

/**
 * Test hook: SEED_ABORT_AFTER=n makes the seed fail after n documents, as a crash or a kill would,
 * so the suite can prove the next start completes it without duplicates.
 */
let createdCount = 0;
function countCreation() {
  createdCount += 1;
  const abortAfter = Number(process.env.SEED_ABORT_AFTER ?? 0);
  if (abortAfter > 0 && createdCount >= abortAfter) throw new Error(`[seed] aborted after ${createdCount} documents (SEED_ABORT_AFTER)`);
}

/** Creates and publishes a document unless one with the slug exists (editors' changes are kept). */
async function ensurePublished(strapi: Strapi, uid: UID.ContentType, slug: string, build: () => Promise<Record<string, unknown>>) {
  const existing = await findBySlug(strapi, uid, slug);
  if (existing) return existing;
  const data = { slug, ...(await build()) };
  // Generic over content types: each caller builds the fields of its own type.
  const created = await strapi.documents(uid).create({ data: data as never, status: 'published' });
  countCreation();
  return created.documentId;
}

/**
 * Loads the reviewable seed files into the CMS once. Every record is keyed (slug, code), so a second
 * start, or a start after an interrupted seed, completes what is missing and never duplicates.
 */
export async function runSeed(strapi: Strapi) {
  const data = loadSeedData(path.join(strapi.dirs.app.root, 'seed', 'data'));
  const store = strapi.store({ type: SEED_STORE.type, name: SEED_STORE.name });
  if ((await store.get({ key: SEED_STORE.key })) === data.hash) {
    strapi.log.info(`[seed] up to date (${data.hash})`);
    return;
  }
  const started = Date.now();
  await seedAll(strapi, data, new SeedMedia(strapi));
  await store.set({ key: SEED_STORE.key, value: data.hash });
  strapi.log.info(`[seed] done in ${Date.now() - started} ms (${data.hash})`);
}

async function seedAll(strapi: Strapi, data: SeedData, media: SeedMedia) {
  let mark = Date.now();
  const step = (what: string) => {
    strapi.log.info(`[seed] ${what} (${Date.now() - mark} ms)`);
    mark = Date.now();
  };
  // Reference data (no draft & publish).
  const categoryIds = new Map<number, string>();
  for (const category of data.categories) {
    const found = await strapi.db.query('api::category.category').findOne({ where: { code: category.code }, select: ['documentId'] });
    const documentId =
      (found?.documentId as string | undefined) ?? (await strapi.documents('api::category.category').create({ data: category })).documentId;
    categoryIds.set(category.code, documentId);
  }
  step('categories');
  const officialName = new Map(data.categories.map((c) => [c.code, c.officialName]));

  const provinceIds = new Map<string, string>();
  for (const province of data.provinces) {
    const found = await strapi.db.query('api::province.province').findOne({ where: { code: province.code }, select: ['documentId'] });
    const documentId =
      (found?.documentId as string | undefined) ??
      (
        await strapi.documents('api::province.province').create({
          data: {
            pid: province.sort,
            name: province.name,
            shortName: province.shortName,
            code: province.code,
            adcode: province.adcode,
            culture: province.culture,
          },
        })
      ).documentId;
    provinceIds.set(province.shortName, documentId);
  }

  step('provinces');
  const cultureIds = new Map<string, string>();
  for (const culture of data.cultures) {
    const id = await ensurePublished(strapi, 'api::culture.culture', culture.key, async () => ({
      title: culture.title,
      description: culture.description,
      content: paragraphs(culture.content),
      cover: await media.svg(
        { kind: '文化条目封面', title: culture.title, legacyName: `culture-${culture.key}.svg` },
        cultureCover({
          title: culture.title,
          categoryCode: culture.category,
          categoryLabel: officialName.get(culture.category) ?? '',
          province: culture.province,
          batchYear: culture.batchYear,
          batch: culture.batch,
          serial: culture.serial,
          unesco: culture.unesco,
        }),
        `${culture.title}（本站生成的封面插图）`,
      ),
      category: categoryIds.get(culture.category),
      province: culture.province ? provinceIds.get(culture.province) : null,
      viewCount: 0,
      tags: culture.tags.map((name) => ({ name })),
      listing: {
        serial: culture.serial,
        batch: culture.batch,
        batchYear: culture.batchYear,
        region: culture.region,
        entryKind: culture.entryKind === null ? null : culture.entryKind === '扩展项目' ? 'extension' : 'new',
        unesco: culture.unesco,
        source: culture.source,
      },
    }));
    cultureIds.set(culture.key, id);
  }

  step('cultures');
  const inheritorIds = new Map<string, string>();
  for (const person of data.inheritors) {
    const id = await ensurePublished(strapi, 'api::inheritor.inheritor', person.key, async () => ({
      name: person.name,
      item: person.item,
      skillType: person.skillType,
      category: categoryIds.get(person.category),
      province: person.province ? provinceIds.get(person.province) : null,
      level: person.level,
      batch: person.batch,
      batchYear: person.batchYear,
      gender: person.gender === '男' ? 'male' : person.gender === '女' ? 'female' : null,
      birthYear: person.birthYear,
      introduction: person.introduction,
      skillFeatures: person.skillFeatures,
      source: person.source,
      images: [
        await media.svg(
          { kind: '传承人卡片', title: person.name, legacyName: `inheritor-${person.key}.svg` },
          inheritorPortrait({ name: person.name, skillType: person.skillType, categoryCode: person.category, batchYear: person.batchYear }),
          `${person.name}的传承人卡片（本站生成的插图，并非肖像）`,
        ),
      ],
    }));
    inheritorIds.set(person.key, id);
  }

  step('inheritors');
  const policyIds = new Map<string, string>();
  for (const policy of data.policies) {
    const id = await ensurePublished(strapi, 'api::policy.policy', policy.key, async () => ({
      title: policy.title,
      content: policy.content,
      pubDate: policy.pubDate,
      datePrecision: policy.datePrecision,
      issuer: policy.issuer,
      docNumber: policy.docNumber,
      source: policy.source,
    }));
    policyIds.set(policy.key, id);
  }

  step('policies');
  for (const entry of data.timeline) {
    const exists = await strapi.db.query('api::timeline-entry.timeline-entry').findOne({ where: { year: entry.year }, select: ['id'] });
    if (exists) continue;
    await strapi.documents('api::timeline-entry.timeline-entry').create({
      data: {
        year: entry.year,
        title: entry.title,
        passage: entry.passage,
        note: entry.note ?? undefined,
        policy: policyIds.get(entry.policyKey),
      },
      status: 'published',
    });
  }

  step('timeline');
  for (const item of data.news) {
    await ensurePublished(strapi, 'api::news-item.news-item', item.key, async () => ({
      title: item.title,
      summary: item.summary,
      desc: item.desc,
      body: paragraphs(item.body),
      date: item.date,
      source: item.source,
      cover: await media.svg(
        { kind: '资讯封面', title: item.title, legacyName: `news-${item.key}.svg` },
        newsCover({ title: item.title, date: item.date }),
        `${item.title}（资讯封面插图）`,
      ),
    }));
  }

  step('news');
  const motifs: Motif[] = ['cloud', 'wave', 'lattice', 'meander', 'seal'];
  for (const [index, page] of data.heritagePages.entries()) {
    await ensurePublished(strapi, 'api::heritage-page.heritage-page', page.slug, async () => ({
      title: page.title,
      subtitle: page.subtitle,
      summary: page.summary,
      body: paragraphs(page.body),
      verification: page.verification,
      note: page.note,
      sort: index + 1,
      relatedCultures: matchRelatedCultures(page.relatedItems, data.cultures)
        .map((key) => cultureIds.get(key))
        .filter(Boolean),
      cover: await media.svg(
        { kind: '专题封面', title: page.title, legacyName: `theme-${page.slug}.svg` },
        bannerCover({
          title: page.title,
          subtitle: page.subtitle,
          sealText: '专题',
          motif: motifs[index % motifs.length]!,
          width: 1200,
          height: 500,
        }),
        `${page.title}（专题封面插图）`,
      ),
    }));
  }

  step('theme pages');
  for (const product of data.products) {
    await ensurePublished(strapi, 'api::product.product', product.key, async () => {
      const label = productCategoryName(productCategoryOf(product.category));
      const cover = await media.svg(
        { kind: '商品封面', title: product.name, legacyName: `product-${product.key}.svg` },
        productCover({ name: product.name, motif: product.motif, categoryLabel: label }),
        `${product.name}（商品封面插图）`,
      );
      const detail = await media.svg(
        { kind: '商品细节', title: product.name, legacyName: `product-${product.key}-detail.svg` },
        bannerCover({ title: product.name, subtitle: `取材于${product.relatedItem}`, sealText: '周边', motif: product.motif }),
        `${product.name}细节`,
      );
      return {
        name: product.name,
        description: product.description,
        price: Number(product.price),
        stock: product.stock,
        categoryId: product.category,
        relatedItem: product.relatedItem,
        cover,
        images: [cover, detail],
      };
    });
  }

  step('products');
  for (const [index, project] of data.donationProjects.entries()) {
    await ensurePublished(strapi, 'api::donation-project.donation-project', project.key, async () => ({
      title: project.title,
      description: project.description,
      targetAmount: project.targetAmount,
      beneficiary: project.beneficiary,
      relatedItem: project.relatedItem,
      sort: index + 1,
      cover: await media.svg(
        { kind: '公益项目封面', title: project.title, legacyName: `donation-${project.key}.svg` },
        bannerCover({ title: project.title, subtitle: project.beneficiary, sealText: '公益', motif: motifs[index % motifs.length]! }),
        `${project.title}（公益项目封面插图）`,
      ),
    }));
  }

  step('donation projects');
  const workshopGlyphs = ['vase', 'fan', 'vase', 'gourd'] as const;
  for (const [index, workshop] of data.workshops.entries()) {
    await ensurePublished(strapi, 'api::workshop.workshop', workshop.key, async () => ({
      title: workshop.title,
      price: workshop.price,
      seats: workshop.seats,
      seatsBooked: 0,
      startTime: workshop.startTime,
      durationMinutes: workshop.durationMinutes,
      location: workshop.location,
      description: workshop.description,
      highlights: workshop.highlights.map((text) => ({ text })),
      image: await media.svg(
        { kind: '工坊图片', title: workshop.title, legacyName: `workshop-${workshop.key}.svg` },
        bannerCover({
          title: workshop.title,
          subtitle: workshop.location,
          sealText: '工坊',
          motif: 'lattice',
          glyph: workshopGlyphs[index],
        }),
        `${workshop.title}（工坊插图）`,
      ),
    }));
  }

  step('workshops');
  const home = await strapi.db.query('api::home-page.home-page').findOne({ select: ['id'] });
  if (!home) {
    await strapi.documents('api::home-page.home-page').create({
      data: {
        heroTitle: data.home.heroTitle,
        heroSubtitle: data.home.heroSubtitle,
        hotCultures: data.home.hotCultures.map((key) => cultureIds.get(key)).filter((id): id is string => Boolean(id)),
        showcaseInheritors: data.home.showcaseInheritors.map((key) => inheritorIds.get(key)).filter((id): id is string => Boolean(id)),
      },
      status: 'published',
    });
  }
  step('home page');
}

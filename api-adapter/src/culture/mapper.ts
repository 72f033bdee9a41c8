import type { CultureItem } from '../contract/culture.ts';
import type { StrapiCulture, StrapiMedia } from '../content/strapi-shapes.ts';

/** Media URLs become absolute under the visitor-facing origin (unless a provider already made them absolute). */
export function absoluteUrl(origin: string, url: string | null | undefined): string {
  if (!url) return '';
  if (/^https?:\/\//i.test(url)) return url;
  return `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

export function mediaUrl(origin: string, media: StrapiMedia | null | undefined): string {
  return absoluteUrl(origin, media?.url);
}

/** Maps a published Strapi culture document to the spec's Culture item. */
export function toCultureItem(doc: StrapiCulture, origin: string): CultureItem {
  const listing = doc.listing;
  return {
    id: doc.pid ?? doc.id,
    title: doc.title,
    content: doc.content ?? '',
    coverImage: mediaUrl(origin, doc.cover),
    images: (doc.images ?? []).map((image) => mediaUrl(origin, image)).join('\n'),
    introVideo: mediaUrl(origin, doc.introVideo),
    categoryId: doc.category?.code ?? null,
    categoryName: doc.category?.name ?? null,
    type: doc.category?.officialName ?? null,
    viewCount: doc.viewCount ?? 0,
    description: doc.description ?? '',
    tagNames: (doc.tags ?? []).map((tag) => tag.name),
    provinceId: doc.province?.pid ?? null,
    provinceName: doc.province?.shortName ?? null,
    facts: listing
      ? {
          serial: listing.serial ?? null,
          batch: listing.batch ?? null,
          batchYear: listing.batchYear ?? null,
          region: listing.region ?? null,
          entryKind: listing.entryKind ?? null,
          unesco: listing.unesco ?? null,
          source: listing.source ?? null,
        }
      : null,
    publishedAt: doc.publishedAt ?? null,
  };
}

/** Slices a sorted list into the spec's page shape. */
export function paginate<T>(items: readonly T[], page: number, size: number) {
  const total = items.length;
  return {
    records: items.slice((page - 1) * size, page * size),
    total,
    size,
    current: page,
    pages: Math.ceil(total / size),
  };
}

import type { ContentCopy } from '../content/store.ts';
import type { PreviewBody, PreviewKind } from '@feiyi/contract/preview';
import { categories, cultureById, cultureItemOf } from '../culture/content.ts';
import { strapiCulture } from '../culture/mapper.ts';
import { donationProjects } from '../donation/content.ts';
import { strapiDonationProject, toDonationProject } from '../donation/mapper.ts';
import { inheritorById, inheritors } from '../inheritor/content.ts';
import { strapiInheritor, toInheritor } from '../inheritor/mapper.ts';
import { nationalListDocument } from '../national/document.ts';
import { itemWithEntry } from '../national/preview.ts';
import { homeData, resolveHome } from '../pages/content.ts';
import { strapiHeritagePage, strapiHomePage, toHeritagePage } from '../pages/mapper.ts';
import { policies } from '../policy/content.ts';
import { strapiPolicy, toPolicy } from '../policy/mapper.ts';
import { paginate } from '@feiyi/contract/common';
import { products } from '../product/content.ts';
import { strapiProduct, toProduct } from '../product/mapper.ts';

/** The loaded public content a preview is shown among: the content group, and the shop's (products and stock). */
export interface PreviewCopies {
  content: ContentCopy;
  shop: ContentCopy;
}

/** The shop's first page as the site builds it (site/src/islands/shop/rules.ts, DEFAULT_PAGE_SIZE). */
const SHOP_FIRST_PAGE_SIZE = 9;

/** A list's entries with one of them as previewed: in its place, or added where `place` puts a new one. */
function withPreviewed<T extends { id: number }>(list: readonly T[], previewed: T, place: 'first' | 'last'): T[] {
  const at = list.findIndex((other) => other.id === previewed.id);
  if (at >= 0) return list.map((other, index) => (index === at ? previewed : other));
  return place === 'first' ? [previewed, ...list] : [...list, previewed];
}

/**
 * Each previewable kind: how a document the CMS answers (draft or published, populated as the public read is) becomes
 * what the site's page renders, by the same mapping the public content goes through (checked by the same shape).
 */
export const PREVIEW_MAPPERS: Record<PreviewKind, (document: unknown, copies: PreviewCopies, origin: string) => PreviewBody> = {
  culture: (document, { content }) => ({ kind: 'culture', culture: content.get(cultureItemOf)(strapiCulture.parse(document)) }),
  heritage: (document, _copies, origin) => ({ kind: 'heritage', page: toHeritagePage(strapiHeritagePage.parse(document), origin) }),
  inheritor: (document, _copies, origin) => ({ kind: 'inheritor', person: toInheritor(strapiInheritor.parse(document), origin) }),
  policy: (document, { content }) => {
    const policy = toPolicy(strapiPolicy.parse(document));
    // In the published list's order (by date, as the CMS sorts it), the previewed policy in its place or added.
    const list = [...content.get(policies).filter((other) => other.id !== policy.id), policy];
    return { kind: 'policy', policies: list.sort((a, b) => a.pubDate.localeCompare(b.pubDate)), policyId: policy.id };
  },
  national: (document, { content }) => {
    const { record, entryId } = itemWithEntry(
      content.get(nationalListDocument),
      content.get(categories).map((c) => ({ id: c.id, officialName: c.officialName })),
      document,
    );
    const ids = new Set(record.inheritors.map((person) => person.id));
    const profiles = content
      .get(inheritors)
      .filter((person) => ids.has(person.id) && person.introduction.trim() !== '')
      .map((person): [number, string] => [person.id, person.href]);
    const article = record.item.cultureId === null ? undefined : content.get(cultureById).get(record.item.cultureId);
    return { kind: 'national', record, entryId, article, profiles };
  },
  product: (document, { shop }, origin) => {
    const product = toProduct(strapiProduct.parse(document), origin);
    // First on the shop's first page, where the editor sees it without searching.
    const others = shop.get(products).filter((other) => other.id !== product.id);
    return { kind: 'product', page: paginate([product, ...others], 1, SHOP_FIRST_PAGE_SIZE), productId: product.id };
  },
  donation: (document, { content }, origin) => {
    const project = toDonationProject(strapiDonationProject.parse(document), origin);
    return { kind: 'donation', projects: withPreviewed(content.get(donationProjects), project, 'last'), projectId: project.id };
  },
  home: (document, { content }) => ({
    kind: 'home',
    home: homeData(resolveHome(strapiHomePage.parse(document), content.get(cultureById), content.get(inheritorById)), content),
  }),
};

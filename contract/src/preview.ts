import type { z } from 'zod';
import type { HeritagePage, homeResponse } from './content.ts';
import type { CultureItem } from './culture.ts';
import type { DonationProject } from './donation.ts';
import type { Inheritor } from './inheritor.ts';
import type { NationalEntry, NationalInheritor, NationalItem } from './national.ts';
import type { Policy } from './policy.ts';
import type { Page } from './common.ts';
import type { Product } from './product.ts';

/**
 * The editors' preview (not part of /api): what the API adapter hands the site's on-demand preview pages
 * (/preview/{kind}/{documentId}) as Astro locals, after checking the address's signature and reading the draft.
 */
export const PREVIEW_KINDS = ['culture', 'heritage', 'inheritor', 'policy', 'national', 'product', 'donation', 'home'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

/** The content types the site can preview, by their CMS uid: the CMS's preview button names the kind in the address. */
export const PREVIEW_KIND_OF_TYPE: Readonly<Record<string, PreviewKind>> = {
  'api::culture.culture': 'culture',
  'api::heritage-page.heritage-page': 'heritage',
  'api::inheritor.inheritor': 'inheritor',
  'api::policy.policy': 'policy',
  'api::national-entry.national-entry': 'national',
  'api::product.product': 'product',
  'api::donation-project.donation-project': 'donation',
  'api::home-page.home-page': 'home',
};

/** The preview kind of a CMS content type, or undefined when the site does not preview it (an own key only). */
export const previewKindOf = (uid: string): PreviewKind | undefined =>
  Object.hasOwn(PREVIEW_KIND_OF_TYPE, uid) ? PREVIEW_KIND_OF_TYPE[uid] : undefined;

export const isPreviewKind = (kind: string): kind is PreviewKind => (PREVIEW_KINDS as readonly string[]).includes(kind);

/**
 * The text a preview address's signature (HMAC-SHA256 with PREVIEW_SECRET) is computed over: the CMS signs it, the
 * adapter checks it. It covers the kind, the document and the expiry (unix seconds), not the version shown, so the
 * ribbon's switch between draft and published keeps the same signature. The HMAC itself is each server's (node:crypto;
 * the contract loads in browsers too).
 */
export const previewSigningText = (kind: string, documentId: string, expires: number): string => `preview:${kind}:${documentId}:${expires}`;

/** Which version of the document is shown: the draft (the default) or the published one. */
export type PreviewStatus = 'draft' | 'published';

/** The ribbon's facts: which version is shown and the addresses of both (same signature, other status). */
export interface PreviewFrame {
  status: PreviewStatus;
  draftHref: string;
  publishedHref: string;
  /** Whether the document has a published version at all (a new document has only its draft). */
  published: boolean;
  /** When the signed address stops working (ISO 8601). */
  expiresAt: string;
  /** Whether the kind has drafts at all: the national list has none (a saved entry is public at once). */
  drafts: boolean;
  /** The content manager's origin, whose preview panel shows the page in a frame (CSP frame-ancestors). */
  adminOrigin: string;
}

/** What a preview page renders, by kind: the same data the public page is built from. */
export type PreviewBody =
  | { kind: 'culture'; culture: CultureItem }
  | { kind: 'heritage'; page: HeritagePage }
  | { kind: 'inheritor'; person: Inheritor }
  /** The policy page lists every policy: the published ones, with the previewed one as it is in the version shown. */
  | { kind: 'policy'; policies: Policy[]; policyId: number }
  /**
   * A national-list entry (saved at once: the list has no drafts) on its item's page, among the item's other entries;
   * with the item's article and the profile pages of its inheritors, as the static page links them.
   */
  | {
      kind: 'national';
      record: { item: NationalItem; entries: NationalEntry[]; inheritors: NationalInheritor[]; asOf: { list: string; inheritors: string } };
      entryId: number;
      article: CultureItem | undefined;
      profiles: Array<[id: number, href: string]>;
    }
  /** The shop's first page (what /charity is built with), the previewed product first. */
  | { kind: 'product'; page: Page<Product>; productId: number }
  /** The donation page's projects in their order, the previewed one in its place or added last. */
  | { kind: 'donation'; projects: DonationProject[]; projectId: number }
  /** The home page with the editors' curation as drafted (what /api/home answers, built from it). */
  | { kind: 'home'; home: z.infer<typeof homeResponse>['data'] };

export type PreviewPage = PreviewBody & { frame: PreviewFrame };

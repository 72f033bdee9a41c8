import type { HeritagePage } from './content.ts';
import type { CultureItem } from './culture.ts';
import type { Inheritor } from './inheritor.ts';
import type { Policy } from './policy.ts';

/**
 * The editors' preview (not part of /api): what the API adapter hands the site's on-demand preview pages
 * (/preview/{kind}/{documentId}) as Astro locals, after checking the address's signature and reading the draft.
 */
export const PREVIEW_KINDS = ['culture', 'heritage', 'inheritor', 'policy'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

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
  /** The content manager's origin, whose preview panel shows the page in a frame (CSP frame-ancestors). */
  adminOrigin: string;
}

/** What a preview page renders, by kind: the same data the public page is built from. */
export type PreviewBody =
  | { kind: 'culture'; culture: CultureItem }
  | { kind: 'heritage'; page: HeritagePage }
  | { kind: 'inheritor'; person: Inheritor }
  /** The policy page lists every policy: the published ones, with the previewed one as it is in the version shown. */
  | { kind: 'policy'; policies: Policy[]; policyId: number };

export type PreviewPage = PreviewBody & { frame: PreviewFrame };

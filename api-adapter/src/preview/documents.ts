import type { ContentCopy } from '../content/store.ts';
import type { PreviewBody, PreviewKind } from '../contract/preview.ts';
import { cultureItemOf } from '../culture/content.ts';
import { strapiCulture } from '../culture/mapper.ts';
import { strapiInheritor, toInheritor } from '../inheritor/mapper.ts';
import { strapiHeritagePage, toHeritagePage } from '../pages/mapper.ts';

/**
 * Each previewable kind: how a document the CMS answers (draft or published, populated as the public read is) becomes
 * what the site's page renders, by the same mapping the public content goes through (checked by the same shape).
 */
export const PREVIEW_MAPPERS: Record<PreviewKind, (document: unknown, content: ContentCopy, origin: string) => PreviewBody> = {
  culture: (document, content) => ({ kind: 'culture', culture: content.get(cultureItemOf)(strapiCulture.parse(document)) }),
  heritage: (document, _content, origin) => ({ kind: 'heritage', page: toHeritagePage(strapiHeritagePage.parse(document), origin) }),
  inheritor: (document, _content, origin) => ({ kind: 'inheritor', person: toInheritor(strapiInheritor.parse(document), origin) }),
};

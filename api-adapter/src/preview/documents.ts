import type { ContentCopy } from '../content/store.ts';
import type { PreviewBody, PreviewKind } from '@feiyi/contract/preview';
import { cultureItemOf } from '../culture/content.ts';
import { strapiCulture } from '../culture/mapper.ts';
import { strapiInheritor, toInheritor } from '../inheritor/mapper.ts';
import { strapiHeritagePage, toHeritagePage } from '../pages/mapper.ts';
import { policies } from '../policy/content.ts';
import { strapiPolicy, toPolicy } from '../policy/mapper.ts';

/**
 * Each previewable kind: how a document the CMS answers (draft or published, populated as the public read is) becomes
 * what the site's page renders, by the same mapping the public content goes through (checked by the same shape).
 */
export const PREVIEW_MAPPERS: Record<PreviewKind, (document: unknown, content: ContentCopy, origin: string) => PreviewBody> = {
  culture: (document, content) => ({ kind: 'culture', culture: content.get(cultureItemOf)(strapiCulture.parse(document)) }),
  heritage: (document, _content, origin) => ({ kind: 'heritage', page: toHeritagePage(strapiHeritagePage.parse(document), origin) }),
  inheritor: (document, _content, origin) => ({ kind: 'inheritor', person: toInheritor(strapiInheritor.parse(document), origin) }),
  policy: (document, content) => {
    const policy = toPolicy(strapiPolicy.parse(document));
    // In the published list's order (by date, as the CMS sorts it), the previewed policy in its place or added.
    const list = [...content.get(policies).filter((other) => other.id !== policy.id), policy];
    return { kind: 'policy', policies: list.sort((a, b) => a.pubDate.localeCompare(b.pubDate)), policyId: policy.id };
  },
};

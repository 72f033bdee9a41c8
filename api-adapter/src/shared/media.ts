import { z } from 'zod';
import { pictureSizeOf, pictureUrl } from '@feiyi/contract/picture';

/** A media file as Strapi answers it inside a populated document. */
export const strapiMedia = z.object({
  url: z.string(),
  mime: z.string().optional(),
  alternativeText: z.string().nullable().optional(),
  width: z.number().nullable().optional(),
  height: z.number().nullable().optional(),
  /** Strapi's sized copies by key (thumbnail, small …, and the site's avif_480, webp_480 …). */
  formats: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type StrapiMedia = z.infer<typeof strapiMedia>;

/** Media URLs become absolute under the visitor-facing origin (unless a provider already made them absolute). */
export function absoluteUrl(origin: string, url: string | null | undefined): string {
  if (!url) return '';
  if (/^https?:\/\//i.test(url)) return url;
  return `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** A media file's absolute URL; a photograph's carries its size and sized copies (contract/picture.ts). */
export function mediaUrl(origin: string, media: StrapiMedia | null | undefined): string {
  const url = absoluteUrl(origin, media?.url);
  const size = media ? pictureSizeOf(media) : undefined;
  return size ? pictureUrl(url, size) : url;
}

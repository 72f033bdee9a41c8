import { z } from 'zod';

/** A media file as Strapi answers it inside a populated document. */
export const strapiMedia = z.object({
  url: z.string(),
  mime: z.string().optional(),
  alternativeText: z.string().nullable().optional(),
});
export type StrapiMedia = z.infer<typeof strapiMedia>;

/** Media URLs become absolute under the visitor-facing origin (unless a provider already made them absolute). */
export function absoluteUrl(origin: string, url: string | null | undefined): string {
  if (!url) return '';
  if (/^https?:\/\//i.test(url)) return url;
  return `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

export function mediaUrl(origin: string, media: StrapiMedia | null | undefined): string {
  return absoluteUrl(origin, media?.url);
}

/**
 * A photograph's sized copies, carried by its URL: the CMS stores AVIF and WebP copies of every raster upload at the
 * layouts' widths beside the original, named `<type>_<width>_<file>` (cms/src/media/web-formats.ts). The API keeps
 * each image a plain URL (clients read it as one) and adds the original's size and the copies' widths to its query
 * (`?w=1200&h=800&sizes=480.960.1200`); a page reads them back to write a <picture> that never loads the original
 * where a copy will do. URLs without them (SVG drawings, older files) stay plain images.
 */
export const PICTURE_TYPES = [
  { name: 'avif', mime: 'image/avif' },
  { name: 'webp', mime: 'image/webp' },
] as const;

export interface PictureSize {
  width: number;
  height: number;
  /** The widths of the copies, ascending. */
  widths: number[];
}

export interface Picture {
  /** The original (what a browser without AVIF and WebP shows). */
  src: string;
  width: number;
  height: number;
  /** One srcset per type, best first. */
  sources: Array<{ type: string; srcset: string }>;
}

const SIZE_KEYS = ['w', 'h', 'sizes'] as const;

/** The URL with the picture's size and copies in its query. */
export function pictureUrl(url: string, size: PictureSize): string {
  if (!url || size.widths.length === 0) return url;
  const query = `w=${size.width}&h=${size.height}&sizes=${size.widths.join('.')}`;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** The copies of a CMS media file, from its `formats` (keys like `avif_480`): the widths both types have. */
export function pictureSizeOf(media: {
  width?: number | null;
  height?: number | null;
  formats?: Record<string, unknown> | null;
}): PictureSize | undefined {
  if (!media.width || !media.height || !media.formats) return undefined;
  const widthsOf = (type: string) =>
    new Set(
      Object.keys(media.formats ?? {})
        .map((key) => new RegExp(`^${type}_(\\d+)$`).exec(key)?.[1])
        .filter((width): width is string => width !== undefined)
        .map(Number),
    );
  const [first, ...others] = PICTURE_TYPES.map((type) => widthsOf(type.name));
  const widths = [...first!].filter((width) => others.every((set) => set.has(width))).sort((a, b) => a - b);
  return widths.length > 0 ? { width: media.width, height: media.height, widths } : undefined;
}

/** A copy's address: the original's folder, `<type>_<width>_` before its file name, the type's extension. */
function copyUrl(original: URL, type: string, width: number): string {
  const slash = original.pathname.lastIndexOf('/');
  const file = original.pathname.slice(slash + 1);
  const base = file.includes('.') ? file.slice(0, file.lastIndexOf('.')) : file;
  return `${original.origin}${original.pathname.slice(0, slash + 1)}${type}_${width}_${base}.${type}`;
}

/** The picture a URL describes, or undefined for a plain image. Relative URLs stay relative. */
export function readPicture(url: string | null | undefined): Picture | undefined {
  if (!url || !url.includes('sizes=')) return undefined;
  const relative = !/^https?:\/\//i.test(url);
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://relative.invalid');
  } catch {
    return undefined;
  }
  const width = Number(parsed.searchParams.get('w'));
  const height = Number(parsed.searchParams.get('h'));
  const widths = (parsed.searchParams.get('sizes') ?? '').split('.').map(Number);
  if (!(width > 0 && height > 0) || widths.length === 0 || widths.some((w) => !Number.isInteger(w) || w <= 0)) return undefined;
  for (const key of SIZE_KEYS) parsed.searchParams.delete(key);
  const strip = (address: string) => (relative ? address.replace('http://relative.invalid', '') : address);
  const src = strip(`${parsed.origin}${parsed.pathname}${parsed.search}`);
  return {
    src,
    width,
    height,
    sources: PICTURE_TYPES.map((type) => ({
      type: type.mime,
      srcset: widths.map((w) => `${strip(copyUrl(parsed, type.name, w))} ${w}w`).join(', '),
    })),
  };
}

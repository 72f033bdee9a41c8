/**
 * Where a visitor's avatar or background may point: one of the portal's own uploads, never another site's picture
 * (a visitor must not be able to make the portal show, or fetch, whatever address they like). The adapter holds what
 * a visitor sends to this rule, and the CMS holds what it stores to it again.
 *
 * An upload's address is either under the portal's origin, `/uploads/<name>` (the local folder, or the bucket behind
 * the portal's nginx), or, when the upload store's public address S3_PUBLIC_URL is a CDN or the bucket's own host
 * (https://img.example.cn), under that address: the CMS's upload then answers `https://img.example.cn/<name>`.
 */

/** One folder or file name of an upload's key: letters, digits, `_`, `.`, `-`; never `.` or `..`. */
const KEY_SEGMENT = /^(?!\.+$)[\w.-]+$/;

/** Whether `key` (what follows the base and its slash) names a file under the base and nothing else: no query, no `..`. */
const isUploadKey = (key: string) => key.split('/').every((segment) => KEY_SEGMENT.test(segment));

/**
 * S3_PUBLIC_URL as an absolute address without its trailing slashes, when it is one (http or https, no query or
 * fragment); undefined when it is unset or a path on the portal's own origin (its default, `/uploads`).
 */
export function uploadBaseOf(publicUrl: string | undefined): string | undefined {
  const value = publicUrl?.trim().replace(/\/+$/, '') ?? '';
  if (!/^https?:\/\/[^/?#\s]+/i.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  return url.search || url.hash || url.username || url.password || /[?#\s]/.test(value) ? undefined : value;
}

/**
 * The address to store for an image a visitor chose, from the address the upload answered: '' for none, the path
 * `/uploads/<name>` for the portal's own (given as a path or absolute under `origin`), the address itself under the
 * upload base; undefined for anything else (another host, a query string, `..`).
 */
export function storedUploadUrl(url: string, places: { origin?: string | undefined; uploadBase?: string | undefined }): string | undefined {
  const value = url.trim();
  if (value === '') return '';
  const { origin } = places;
  const path = origin && value.startsWith(`${origin}/uploads/`) ? value.slice(origin.length) : value;
  if (path.startsWith('/uploads/')) return isUploadKey(path.slice('/uploads/'.length)) ? path : undefined;
  const base = uploadBaseOf(places.uploadBase);
  if (base && value.startsWith(`${base}/`)) return isUploadKey(value.slice(base.length + 1)) ? value : undefined;
  return undefined;
}

/**
 * Whether a stored address has the shape storedUploadUrl gives, whatever host it names: '', `/uploads/<name>`, or
 * `http(s)://host/<name>`. Which hosts are allowed is the storing side's setting (the CMS's S3_PUBLIC_URL).
 */
export function isStoredUploadShape(value: string): boolean {
  const host = /^https?:\/\/[^/?#\s@]+/i.exec(value)?.[0];
  return storedUploadUrl(value, { uploadBase: host }) === value;
}

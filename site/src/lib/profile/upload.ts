/**
 * Avatar and background pictures: an image file of at most 5 MB (5 242 880 bytes), checked before
 * anything is sent; the server's answer must be the picture's URL.
 */
import * as MESSAGES from '@feiyi/contract/messages';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Why a chosen file cannot be uploaded ('请选择图片', '请选择图片文件', '图片大小不能超过5MB'), or undefined. */
export function imageFileProblem(file: { type: string; size: number } | null | undefined): string | undefined {
  if (!file) return MESSAGES.upload.noFile;
  if (!file.type.startsWith('image/')) return MESSAGES.upload.notImage;
  if (file.size > MAX_IMAGE_BYTES) return MESSAGES.upload.tooLarge;
  return undefined;
}

/** The uploaded picture's address when the answer is an absolute http(s) URL; otherwise undefined. */
export function uploadedImageUrl(data: unknown): string | undefined {
  if (typeof data !== 'string') return undefined;
  const text = data.trim();
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Avatar and background pictures: the API's own rule (the contract's PROFILE_IMAGE_UPLOAD: JPG, PNG, WebP or GIF of at
 * most 5 MB), checked before anything is sent; the server's answer must be the picture's URL.
 */
import { PROFILE_IMAGE_UPLOAD, acceptList, uploadProblem } from '@feiyi/contract/upload-rules';

export const MAX_IMAGE_BYTES = PROFILE_IMAGE_UPLOAD.maxBytes;
/** What the file chooser offers: the types the API takes. */
export const IMAGE_ACCEPT = acceptList(PROFILE_IMAGE_UPLOAD);

/** Why a chosen file cannot be uploaded ('请选择图片', '请选择图片文件', '图片大小不能超过5MB'), or undefined. */
export function imageFileProblem(file: { type: string; size: number } | null | undefined): string | undefined {
  return uploadProblem(PROFILE_IMAGE_UPLOAD, file);
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

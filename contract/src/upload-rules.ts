import { upload as UPLOAD_MESSAGES } from './messages/upload.ts';

/**
 * What each upload accepts, stated once for the form that checks a file before sending it, the API that stores it
 * and the CMS's media library. A file may be exactly the limit ("at most 2 MB"): fitsUpload says so for everyone.
 */
export interface UploadRule {
  maxBytes: number;
  types: ReadonlyArray<{ mime: string; ext: string }>;
  messages: { missing: string; wrongType: string; tooLarge: string };
}

const MIB = 1024 * 1024;

export const AVATAR_UPLOAD: UploadRule = {
  maxBytes: 2 * MIB,
  types: [
    { mime: 'image/jpeg', ext: 'jpg' },
    { mime: 'image/png', ext: 'png' },
  ],
  messages: { missing: '请选择头像图片', wrongType: '头像只能是 JPG 或 PNG 格式!', tooLarge: '头像大小不能超过 2MB!' },
};

export const PROFILE_IMAGE_UPLOAD: UploadRule = {
  maxBytes: 5 * MIB,
  types: [
    { mime: 'image/jpeg', ext: 'jpg' },
    { mime: 'image/png', ext: 'png' },
    { mime: 'image/webp', ext: 'webp' },
    { mime: 'image/gif', ext: 'gif' },
  ],
  // The profile's own wording (the form and the API say the same): '请选择图片', '请选择图片文件', '图片大小不能超过5MB'.
  messages: { missing: UPLOAD_MESSAGES.noFile, wrongType: UPLOAD_MESSAGES.notImage, tooLarge: UPLOAD_MESSAGES.tooLarge },
};

/** Whether a file of this size may be uploaded under the rule: up to and including its limit. */
export const fitsUpload = (rule: UploadRule, bytes: number): boolean => bytes <= rule.maxBytes;

/** Whether the rule takes a file of this MIME type (the form asks the browser's declared type, the API the bytes' type). */
export const acceptsType = (rule: UploadRule, mime: string | undefined): boolean => rule.types.some((type) => type.mime === mime);

/** The file chooser's `accept` list: exactly the rule's types, so the chooser offers nothing the API refuses. */
export const acceptList = (rule: UploadRule): string => rule.types.map((type) => type.mime).join(',');

/**
 * Why a chosen file cannot be uploaded under the rule (the rule's own message), or undefined: the form's check before
 * sending, in the order the API refuses (nothing chosen, a type it does not take, over the limit).
 */
export function uploadProblem(rule: UploadRule, file: { type: string; size: number } | null | undefined): string | undefined {
  if (!file) return rule.messages.missing;
  if (!acceptsType(rule, file.type)) return rule.messages.wrongType;
  if (!fitsUpload(rule, file.size)) return rule.messages.tooLarge;
  return undefined;
}

/** The CMS's media library: pictures and videos, the only media the content types hold. */
export const MEDIA_UPLOAD_LIMIT_BYTES = 20 * MIB;
export const MEDIA_UPLOAD_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
  'image/svg+xml',
  'video/mp4',
  'video/webm',
] as const;
export const MEDIA_UPLOAD_RULES_TEXT = '图片 JPEG、PNG、WebP、AVIF、GIF、SVG，视频 MP4、WebM；单个文件不超过 20 MB';

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
  messages: { missing: '请选择图片', wrongType: '请选择图片文件', tooLarge: '图片大小不能超过 5MB' },
};

/** Whether a file of this size may be uploaded under the rule: up to and including its limit. */
export const fitsUpload = (rule: UploadRule, bytes: number): boolean => bytes <= rule.maxBytes;

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

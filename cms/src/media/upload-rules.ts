/**
 * What the media library accepts, stated once: the upload plugin enforces it (config/plugins.ts), the admin's upload
 * dialog states it (translations) and a refusal reads it in Chinese (the upload-messages middleware).
 */
import { MEDIA_UPLOAD_LIMIT_BYTES, MEDIA_UPLOAD_RULES_TEXT, MEDIA_UPLOAD_TYPES } from '@feiyi/contract/upload-rules';

// The limits themselves are the contract's, beside the site's and the API's upload rules.
export const UPLOAD_SIZE_LIMIT_BYTES = MEDIA_UPLOAD_LIMIT_BYTES;
export const UPLOAD_ALLOWED_TYPES = MEDIA_UPLOAD_TYPES;
export const UPLOAD_RULES_TEXT = MEDIA_UPLOAD_RULES_TEXT;

/**
 * The Chinese message for an upload the plugin refused (undefined: not an upload refusal; Strapi's words stay).
 * `uploadedName` names the file when the request carried one (Strapi's type refusal names only the type).
 */
export function uploadRefusal(error: { name?: string; message?: string; details?: unknown }, uploadedName?: string): string | undefined {
  const given = (error.details ?? {}) as { code?: string; fileName?: string; finalType?: string; detectedType?: string };
  const typeInMessage = /^File type '(.+)' is not allowed/.exec(error.message ?? '')?.[1];
  const details = { ...given, fileName: given.fileName ?? uploadedName, finalType: given.finalType ?? typeInMessage };
  if (error.name === 'PayloadTooLargeError' || /exceeds size limit|request entity too large|maxFileSize/i.test(error.message ?? '')) {
    // Strapi's own check (used by every provider but the local one) names `file.originalFilename`, which Strapi 5's
    // files no longer have: its message then says "undefined exceeds …", and the request's file name stands in.
    const named = /^(.*) exceeds size limit/.exec(error.message ?? '')?.[1];
    const file = named && named !== 'undefined' ? named : details.fileName;
    return `${file ? `文件「${file}」` : '文件'}超过 20 MB，未上传。请压缩后再试（${UPLOAD_RULES_TEXT}）`;
  }
  if (details.code === 'MIME_TYPE_NOT_ALLOWED' || /type .* is not allowed|MIME type is not allowed/i.test(error.message ?? '')) {
    const type = details.finalType ?? details.detectedType;
    return `${details.fileName ? `文件「${details.fileName}」` : '该文件'}的类型${type ? `（${type}）` : ''}不能上传。可上传：${UPLOAD_RULES_TEXT}`;
  }
  return undefined;
}

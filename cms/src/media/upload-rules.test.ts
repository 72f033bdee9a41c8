import { describe, expect, it } from 'vitest';
import { UPLOAD_RULES_TEXT, uploadRefusal } from './upload-rules';

describe('uploadRefusal', () => {
  it('names the file and the limit when it is too large', () => {
    expect(uploadRefusal({ name: 'PayloadTooLargeError', message: 'photo.jpg exceeds size limit of 20 MB.' })).toBe(
      '文件「photo.jpg」超过 20 MB，未上传。请压缩后再试（图片 JPEG、PNG、WebP、AVIF、GIF、SVG，视频 MP4、WebM；单个文件不超过 20 MB）',
    );
  });

  it('names the uploaded file when Strapi’s own size check (the S3 provider’s) could not', () => {
    expect(uploadRefusal({ name: 'PayloadTooLargeError', message: 'undefined exceeds size limit of 20 MB.' }, '长视频.mp4')).toBe(
      '文件「长视频.mp4」超过 20 MB，未上传。请压缩后再试（图片 JPEG、PNG、WebP、AVIF、GIF、SVG，视频 MP4、WebM；单个文件不超过 20 MB）',
    );
    expect(uploadRefusal({ name: 'PayloadTooLargeError', message: 'undefined exceeds size limit of 20 MB.' })).toBe(
      '文件超过 20 MB，未上传。请压缩后再试（图片 JPEG、PNG、WebP、AVIF、GIF、SVG，视频 MP4、WebM；单个文件不超过 20 MB）',
    );
  });

  it('names the file and its type when the type is refused', () => {
    expect(
      uploadRefusal({
        name: 'ValidationError',
        message: "File type 'application/zip' is not allowed",
        details: { code: 'MIME_TYPE_NOT_ALLOWED', fileName: 'a.zip', finalType: 'application/zip' },
      }),
    ).toBe(
      '文件「a.zip」的类型（application/zip）不能上传。可上传：图片 JPEG、PNG、WebP、AVIF、GIF、SVG，视频 MP4、WebM；单个文件不超过 20 MB',
    );
  });

  it("takes the type from Strapi's message and the name from the request when the error carries neither", () => {
    expect(uploadRefusal({ name: 'ValidationError', message: "File type 'application/zip' is not allowed" }, '资料.zip')).toBe(
      '文件「资料.zip」的类型（application/zip）不能上传。可上传：图片 JPEG、PNG、WebP、AVIF、GIF、SVG，视频 MP4、WebM；单个文件不超过 20 MB',
    );
  });

  it('leaves other errors alone', () => {
    expect(uploadRefusal({ name: 'ValidationError', message: 'name is required' })).toBeUndefined();
  });
});

describe('the upload dialog', () => {
  it('states the same rules the plugin enforces', async () => {
    const { default: translations } = await import('../admin/translations/zh-Hans.json', { with: { type: 'json' } });
    expect(translations['upload.input.label']).toContain(`（${UPLOAD_RULES_TEXT}）`);
  });
});

import { describe, expect, it } from 'vitest';
import { AVATAR_UPLOAD, PROFILE_IMAGE_UPLOAD, acceptList, acceptsType, fitsUpload, uploadProblem } from './upload-rules.ts';

describe('the profile picture rule', () => {
  it('takes JPG, PNG, WebP and GIF of at most 5 MB', () => {
    expect(PROFILE_IMAGE_UPLOAD.maxBytes).toBe(5_242_880);
    expect(acceptList(PROFILE_IMAGE_UPLOAD)).toBe('image/jpeg,image/png,image/webp,image/gif');
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif']) expect(acceptsType(PROFILE_IMAGE_UPLOAD, type)).toBe(true);
    for (const type of ['image/svg+xml', 'image/avif', 'image/bmp', 'text/plain', '', undefined])
      expect(acceptsType(PROFILE_IMAGE_UPLOAD, type)).toBe(false);
  });

  it('words its refusals as the profile does', () => {
    expect(uploadProblem(PROFILE_IMAGE_UPLOAD, undefined)).toBe('请选择图片');
    expect(uploadProblem(PROFILE_IMAGE_UPLOAD, null)).toBe('请选择图片');
    expect(uploadProblem(PROFILE_IMAGE_UPLOAD, { type: 'image/svg+xml', size: 10 })).toBe('请选择图片文件');
    expect(uploadProblem(PROFILE_IMAGE_UPLOAD, { type: 'image/png', size: 5_242_880 })).toBeUndefined();
    expect(uploadProblem(PROFILE_IMAGE_UPLOAD, { type: 'image/png', size: 5_242_881 })).toBe('图片大小不能超过5MB');
  });
});

describe('the avatar rule', () => {
  it('takes JPG and PNG of at most 2 MB, the limit itself included', () => {
    expect(fitsUpload(AVATAR_UPLOAD, 2 * 1024 * 1024)).toBe(true);
    expect(uploadProblem(AVATAR_UPLOAD, { type: 'image/gif', size: 10 })).toBe('头像只能是 JPG 或 PNG 格式!');
    expect(uploadProblem(AVATAR_UPLOAD, { type: 'image/jpeg', size: 2 * 1024 * 1024 + 1 })).toBe('头像大小不能超过 2MB!');
    expect(uploadProblem(AVATAR_UPLOAD, { type: 'image/jpeg', size: 1 })).toBeUndefined();
  });
});

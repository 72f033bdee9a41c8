import { describe, expect, it } from 'vitest';
import { uploadStoreConfig } from './upload-store';

const keys = { S3_BUCKET: 'feiyi-media', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };

describe('uploadStoreConfig', () => {
  it('keeps the local folder when no S3 setting is given', () => {
    expect(uploadStoreConfig({})).toBeUndefined();
    expect(uploadStoreConfig({ S3_BUCKET: '', OTHER: 'x' })).toBeUndefined();
  });

  it('uses the S3 provider with the portal’s /uploads addresses by default', () => {
    const config = uploadStoreConfig(keys)!;
    expect(config.provider).toBe('aws-s3');
    expect(config.providerOptions.baseUrl).toBe('/uploads');
    expect(config.providerOptions.rootPath).toBeUndefined();
    expect(config.providerOptions.s3Options).toMatchObject({
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      params: { Bucket: 'feiyi-media', ACL: 'public-read' },
    });
    expect(config.providerOptions.s3Options).not.toHaveProperty('endpoint');
  });

  it('takes an S3-compatible endpoint (OSS, COS, a local server), path style, a CDN address and a folder', () => {
    const config = uploadStoreConfig({
      ...keys,
      S3_REGION: 'oss-cn-hangzhou',
      S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://img.example.cn/',
      S3_ROOT_PATH: 'portal',
      S3_ACL: 'none',
    })!;
    expect(config.providerOptions).toMatchObject({ baseUrl: 'https://img.example.cn', rootPath: 'portal' });
    expect(config.providerOptions.s3Options).toMatchObject({
      region: 'oss-cn-hangzhou',
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
      forcePathStyle: true,
      params: { Bucket: 'feiyi-media', ACL: undefined },
    });
  });

  it('refuses incomplete or unreadable settings in Chinese instead of falling back to local uploads', () => {
    expect(() => uploadStoreConfig({ S3_BUCKET: 'b' })).toThrow(
      'S3 上传设置不完整：缺少 S3_ACCESS_KEY_ID、S3_SECRET_ACCESS_KEY（已设置 S3_BUCKET）',
    );
    expect(() => uploadStoreConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /缺少 S3_BUCKET、S3_ACCESS_KEY_ID、S3_SECRET_ACCESS_KEY/,
    );
    expect(() => uploadStoreConfig({ ...keys, S3_FORCE_PATH_STYLE: 'yes' })).toThrow('S3_FORCE_PATH_STYLE 只能是 true 或 false，得到：yes');
  });
});

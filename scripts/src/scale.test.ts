import { describe, expect, it } from 'vitest';
import { adapterPorts, bucketUrlOf, renderNginxConfig } from './scale.ts';

const options = {
  listen: '127.0.0.1:8080',
  upstreams: ['127.0.0.1:8081', '127.0.0.1:8082'],
  siteDir: '/srv/portal/site',
  uploadsStore: 'http://127.0.0.1:8089/feiyi-media',
  legacyUploadsDir: '/srv/portal/cms-public/uploads',
  runtimeDir: '/srv/portal/nginx',
  logDir: '/srv/portal/logs',
  brotli: false,
};

describe('renderNginxConfig', () => {
  it('fills every placeholder: one upstream server per adapter, the site as root, the uploads from the bucket', () => {
    const config = renderNginxConfig(options);
    expect(config).not.toContain('{{');
    expect(config.match(/^\s*server 127\.0\.0\.1:808\d max_fails=1 fail_timeout=3s;$/gm)).toHaveLength(2);
    expect(config).toContain('listen 127.0.0.1:8080;');
    expect(config).toContain('root /srv/portal/site;');
    expect(config).toContain('proxy_pass http://127.0.0.1:8089/feiyi-media/;');
    expect(config).toContain('root /srv/portal/cms-public;');
    expect(config).toContain('include /srv/portal/nginx/security-headers.conf;');
    expect(config).not.toContain('brotli');
    expect(config).not.toMatch(/^user /m);
  });

  it('loads the brotli module and names the workers’ user only when asked', () => {
    const config = renderNginxConfig({ ...options, brotli: true, user: 'root root' });
    expect(config).toContain('load_module /usr/share/nginx/modules/ngx_http_brotli_static_module.so;');
    expect(config).toContain('brotli_static on;');
    expect(config).toMatch(/^user root root;$/m);
  });
});

describe('adapterPorts', () => {
  it('puts the adapters on the ports after nginx’s', () => {
    expect(adapterPorts(8180, 2)).toEqual([8181, 8182]);
  });
});

describe('bucketUrlOf', () => {
  it('reads a bucket the environment names at its own host, or path style; the folder is in the files’ own addresses', () => {
    expect(bucketUrlOf({ S3_BUCKET: 'media', S3_REGION: 'eu-west-1' })).toBe('https://media.s3.eu-west-1.amazonaws.com');
    expect(bucketUrlOf({ S3_BUCKET: 'media', S3_ENDPOINT: 'https://cos.ap-shanghai.myqcloud.com', S3_ROOT_PATH: '/portal/' })).toBe(
      'https://media.cos.ap-shanghai.myqcloud.com',
    );
    expect(bucketUrlOf({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' })).toBe(
      'http://127.0.0.1:9000/media',
    );
  });
});

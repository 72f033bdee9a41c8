import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The apps' own modules, each resolving the contract from its own package: what is compared is what each app runs.
import { buildAdapter, tokenFor } from '../../api-adapter/src/app.fixture.ts';
import { stubCms } from '../../api-adapter/src/cms/client.fixture.ts';
import { checkPreviewSignature } from '../../api-adapter/src/preview/signature.ts';
import { toProduct } from '../../api-adapter/src/product/mapper.ts';
import { isPreviewKind, PREVIEW_KINDS } from '../../contract/src/preview.ts';
import { previewAddress } from '../../cms/src/portal/preview-address.ts';
import * as INHERITOR_RULES from '../../site/src/lib/inheritor/rules.ts';
import * as SHOP_RULES from '../../site/src/islands/shop/rules.ts';
import { participantsProblem } from '../../site/src/lib/workshop/booking.ts';
import { CULTURE_PAGE_SIZE } from '../../site/src/lib/culture/location.ts';
import { FAVOURITE_PAGE_SIZE, HISTORY_PAGE_SIZE, ORDER_PAGE_SIZES } from '../../site/src/lib/profile/lists.ts';
import { imageFileProblem } from '../../site/src/lib/profile/upload.ts';
import { isPublicCall } from '../../site/src/lib/api/rules.ts';

/**
 * The rules the contract holds are written nowhere else: a copy of one in an app's code (tests aside, which state the
 * expected values themselves) fails here, naming the file and the contract module to import instead.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const APP_SOURCES = ['cms/src', 'cms/config', 'api-adapter/src', 'site/src', 'site/integrations', 'scripts/src'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.astro', '.cache']);

const COPIES: ReadonlyArray<{ rule: string; home: string; pattern: RegExp }> = [
  { rule: 'the mainland-mobile pattern', home: 'identity.ts', pattern: /1\[3-9\]\\d\{9\}/ },
  { rule: 'the ID-number format', home: 'identity.ts', pattern: /\\d\{17\}\[\\dX/ },
  { rule: 'ID-number masking', home: 'identity.ts', pattern: /\*{8}/ },
  { rule: 'name masking', home: 'identity.ts', pattern: /匿名\*\*/ },
  { rule: 'yuan to fen', home: 'money.ts', pattern: /Math\.round\(\s*(?:Number\()?[\w.()]*\s*\*\s*100\b/ },
  { rule: 'the order states', home: 'order-status.ts', pattern: /0:\s*'待支付'|order\.status === [012]\b/ },
  { rule: 'the avatar size limit', home: 'upload-rules.ts', pattern: /2 \* 1024 \* 1024/ },
  { rule: 'the media library size limit', home: 'upload-rules.ts', pattern: /20 \* 1024 \* 1024/ },
  { rule: 'province-name simplification', home: 'province-name.ts', pattern: /维吾尔自治区\|/ },
  { rule: 'the achievements', home: 'achievements.ts', pattern: /'初心善举'|'first_donation',\s*'donation_amount'/ },
];

function sourceFiles(dir: string): string[] {
  const entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|tsx|astro|mjs)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(
      (file) =>
        !path
          .relative(ROOT, file)
          .split(path.sep)
          .some((part) => SKIPPED_DIRS.has(part)),
    );
}

describe('rules written once, in contract/', () => {
  const files = APP_SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir)));

  it('reads the apps’ sources', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  for (const { rule, home, pattern } of COPIES) {
    it(`has no copy of ${rule} outside contract/src/${home}`, () => {
      const copies = files.filter((file) => pattern.test(readFileSync(file, 'utf8'))).map((file) => path.relative(ROOT, file));
      expect(copies).toEqual([]);
    });
  }
});

describe('comments in the code’s own words', () => {
  // The specification is not in this repository: a reference to one of its sections explains nothing to a reader.
  it('cites no section of the specification (“part N §M”)', () => {
    const sources = [...APP_SOURCES, 'contract/src', 'tests', 'scripts/bench'].flatMap((dir) =>
      readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile() && /\.(ts|tsx|astro|mjs|css)$/.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name))
        .filter(
          (file) =>
            !path
              .relative(ROOT, file)
              .split(path.sep)
              .some((part) => SKIPPED_DIRS.has(part)),
        ),
    );
    const citing = sources.filter((file) => /part [12] §/.test(readFileSync(file, 'utf8'))).map((file) => path.relative(ROOT, file));
    expect(citing).toEqual([]);
  });
});

/**
 * The same inputs through every app's own check: the site's form rules against the adapter's registered routes (their
 * schemas, or the route itself through inject), the CMS's preview addresses against the adapter's check. A copy of a
 * rule that drifts from the contract's fails here by its verdict, whatever it is written like.
 */
/** A route's zod schema, as far as these checks use it (scripts does not depend on zod itself). */
interface Schema {
  safeParse(value: unknown): { success: boolean };
  parse(value: unknown): unknown;
}

describe('every app applies the contract’s rules alike', () => {
  let server: FastifyInstance;
  let routes: RouteOptions[];
  const stored: string[] = [];
  beforeAll(async () => {
    const { cms } = stubCms();
    cms.upload = async (file) => {
      stored.push(file.filename);
      return { url: `/uploads/${file.filename}` };
    };
    ({ server, routes } = await buildAdapter(cms));
  });
  afterAll(async () => {
    await server.close();
  });

  const route = (method: string, url: string) => {
    const found = routes.find((r) => r.url === url && [r.method].flat().includes(method));
    if (!found) throw new Error(`the adapter registers no ${method} ${url}`);
    return found;
  };
  const schemaOf = (method: string, url: string, part: 'body' | 'querystring') =>
    (route(method, url).schema as Record<string, Schema>)[part]!;

  describe('the profile picture: the form’s verdict and message are the API’s', () => {
    // Real file signatures: the API decides the type by the bytes, the form by the browser's declared type.
    const SIGNATURES: Record<string, Buffer> = {
      'image/png': Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
      'image/jpeg': Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
      'image/gif': Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
      'image/webp': Buffer.concat([Buffer.from('RIFF'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(14)]),
      'image/svg+xml': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>'),
      'image/bmp': Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]),
      'text/plain': Buffer.from('不是图片'),
    };
    const BOUNDARY = 'rules-boundary';
    const upload = async (type: string, bytes: Buffer) => {
      const payload = Buffer.concat([
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="f"\r\nContent-Type: ${type}\r\n\r\n`),
        bytes,
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]);
      const answer = await server.inject({
        method: 'POST',
        url: '/api/upload/update-avatar',
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, authorization: `Bearer ${await tokenFor(7)}` },
        payload,
      });
      return answer.statusCode === 200 ? undefined : (answer.json() as { message: string }).message;
    };

    for (const type of Object.keys(SIGNATURES)) {
      it(`${type}`, async () => {
        const bytes = SIGNATURES[type]!;
        expect(imageFileProblem({ type, size: bytes.length })).toBe(await upload(type, bytes));
      });
    }

    it('at the size limit and one byte over it', async () => {
      const limit = 5 * 1024 * 1024;
      for (const size of [limit, limit + 1]) {
        const bytes = Buffer.concat([SIGNATURES['image/png']!, Buffer.alloc(size - SIGNATURES['image/png']!.length)]);
        expect(imageFileProblem({ type: 'image/png', size })).toBe(await upload('image/png', bytes));
      }
    });
  });

  describe('a workshop booking’s participants: the form passes exactly what the API’s schema takes', () => {
    const good = (n: number) => ({ name: `参与人${n}`, phone: `1390000000${n}`, idcard: '11010519491231002X' });
    const cases: Array<[string, object[]]> = [
      ['one', [good(1)]],
      ['four', [1, 2, 3, 4].map(good)],
      ['none', []],
      ['five', [1, 2, 3, 4, 5].map(good)],
      ['a name of 30', [{ ...good(1), name: '名'.repeat(30) }]],
      ['a name of 31', [{ ...good(1), name: '名'.repeat(31) }]],
      ['a blank name', [{ ...good(1), name: ' ' }]],
      ['a wrong mobile', [{ ...good(1), phone: '12345678901' }]],
      ['a lower-case x', [{ ...good(1), idcard: '11010519491231002x' }]],
      ['another valid ID number', [{ ...good(1), idcard: '330106200001011235' }]],
      ['a wrong check character', [{ ...good(1), idcard: '110105194912310021' }]],
      ['no such birth date', [{ ...good(1), idcard: '110105194902300020' }]],
      ['17 digits', [{ ...good(1), idcard: '11010519491231002' }]],
      ['a letter inside', [{ ...good(1), idcard: '1101051949123100AX' }]],
    ];
    for (const [name, participants] of cases) {
      it(name, () => {
        const api = schemaOf('POST', '/api/workshops/:id/book', 'body').safeParse({ participants });
        expect(participantsProblem(participants as never) === undefined).toBe(api.success);
      });
    }
  });

  describe('page sizes: the site asks for what the API defaults to and offers what it accepts', () => {
    const accepted = (url: string, sizes: number[]) =>
      sizes.filter((size) => schemaOf('GET', url, 'querystring').safeParse({ size: String(size) }).success);
    const defaultSize = (url: string, params: object = {}) => (schemaOf('GET', url, 'querystring').parse(params) as { size: number }).size;
    const ONE_TO_SIXTY = Array.from({ length: 60 }, (_, i) => i + 1);

    it('the shop', () => {
      expect(accepted('/api/product/page', ONE_TO_SIXTY)).toEqual([...SHOP_RULES.PAGE_SIZES]);
      expect(defaultSize('/api/product/page')).toBe(SHOP_RULES.DEFAULT_PAGE_SIZE);
    });

    it('the inheritors', () => {
      expect(accepted('/api/inheritor/category/:categoryId', ONE_TO_SIXTY)).toEqual([...INHERITOR_RULES.PAGE_SIZES]);
      expect(defaultSize('/api/inheritor/category/:categoryId')).toBe(INHERITOR_RULES.DEFAULT_PAGE_SIZE);
    });

    it('the culture list, favourites, history and orders', () => {
      expect(defaultSize('/api/culture/page')).toBe(CULTURE_PAGE_SIZE);
      expect(defaultSize('/api/order/list')).toBe(ORDER_PAGE_SIZES[0]);
      for (const size of ORDER_PAGE_SIZES) expect(accepted('/api/order/list', [size])).toEqual([size]);
      expect(defaultSize('/api/collection/list')).toBe(FAVOURITE_PAGE_SIZE);
      expect(defaultSize('/api/profile/browse-history')).toBe(HISTORY_PAGE_SIZE);
    });
  });

  it('product categories: the shop’s filter names each category as the API names its products', () => {
    for (const { id, name } of SHOP_RULES.CATEGORIES) {
      const product = toProduct({ id: 1, pid: 1, name: '商品', price: 1, stock: 1, categoryId: id }, 'http://127.0.0.1');
      expect([product.categoryId, product.categoryName]).toEqual([id, name]);
    }
    expect(schemaOf('GET', '/api/product/page', 'querystring').safeParse({ categoryId: '3' }).success).toBe(false);
  });

  it('preview addresses: the CMS signs, for every kind, what the adapter accepts', () => {
    const secret = 's'.repeat(64);
    const now = Date.parse('2026-11-29T00:00:00Z');
    const uids = [
      'api::culture.culture',
      'api::heritage-page.heritage-page',
      'api::inheritor.inheritor',
      'api::policy.policy',
      'api::national-entry.national-entry',
      'api::product.product',
      'api::donation-project.donation-project',
      'api::home-page.home-page',
    ];
    const kinds = uids.map((uid) => {
      const url = new URL(previewAddress({ siteUrl: 'http://127.0.0.1:8080', secret, nowMs: now }, uid, { documentId: 'doc1' })!);
      const [, , kind, documentId] = url.pathname.split('/');
      const address = {
        kind: kind!,
        documentId: documentId!,
        expires: url.searchParams.get('expires') ?? undefined,
        signature: url.searchParams.get('signature') ?? undefined,
      };
      expect(checkPreviewSignature(secret, address, now)).toBe('valid');
      expect(isPreviewKind(kind!)).toBe(true);
      return kind;
    });
    expect(kinds.sort()).toEqual([...PREVIEW_KINDS].sort());
  });

  it('which calls need a token: the site stops without one exactly the calls the adapter answers only to a user', () => {
    const disagree = routes
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !r.url.startsWith('/api/internal/'))
      .flatMap((r) => {
        const auth = (r.config as { auth?: string } | undefined)?.auth;
        const withoutToken = auth === 'public' || auth === 'optional';
        const sample = r.url.replace(/:[A-Za-z]+/g, '12');
        return isPublicCall(sample) === withoutToken ? [] : [`${[r.method].flat().join(',')} ${r.url}: adapter ${auth}`];
      });
    expect(disagree).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { adaptersClosedAfterEach } from '../app.fixture.ts';
import { answerBy, type CmsCall, stubCms } from '../cms/client.fixture.ts';
import { ApiError } from '../http/errors.ts';
import { signedPreviewQuery } from './signature.ts';

/**
 * The editors' preview address up to the rendering: the signature, its expiry, the kind, the document the CMS has or
 * lacks, and the page a refused editor reads. (The rendering in the site's templates is tests/e2e/preview.spec.ts's.)
 */
const adapter = adaptersClosedAfterEach();
const PREVIEW_SECRET = 'a-unit-test-preview-secret-of-enough-length';
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

/** An adapter with the preview secret and no built site (so no renderer), whose CMS has culture draft 'doc-1' only. */
async function previewAdapter() {
  const stub = stubCms({
    answer: answerBy({
      'get portal/preview/culture/doc-1': () => ({ document: { documentId: 'doc-1' }, published: false }),
      'get portal/preview/culture/gone': () => {
        throw ApiError.notFound();
      },
    }),
  });
  const { server } = await adapter(stub.cms, { PREVIEW_SECRET });
  return { server, calls: stub.calls };
}

const titleOf = (html: string) => /<h1>([^<]+)<\/h1>/.exec(html)?.[1];

describe('GET /preview/{kind}/{documentId}', () => {
  it('refuses an address without its signature: 需要预览链接, never stored or indexed', async () => {
    const { server, calls } = await previewAdapter();
    const answer = await server.inject({ method: 'GET', url: '/preview/culture/doc-1' });
    expect(answer.statusCode).toBe(401);
    expect(titleOf(answer.body)).toBe('需要预览链接');
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(calls).toEqual([]);
  });

  it('refuses a wrong signature, and an expiry changed after signing, as invalid', async () => {
    const { server, calls } = await previewAdapter();
    const expires = inAnHour();
    const signed = signedPreviewQuery(PREVIEW_SECRET, 'culture', 'doc-1', expires);
    const otherSecret = signedPreviewQuery('another-secret-of-enough-length-for-this', 'culture', 'doc-1', expires);
    const forgedExpiry = signed.replace(`expires=${expires}`, `expires=${expires + 86_400}`);
    // Signed for another document: not this one's.
    const otherDocument = signedPreviewQuery(PREVIEW_SECRET, 'culture', 'doc-2', expires);
    for (const query of [otherSecret, forgedExpiry, otherDocument]) {
      const answer = await server.inject({ method: 'GET', url: `/preview/culture/doc-1?${query}` });
      expect(answer.statusCode).toBe(403);
      expect(titleOf(answer.body)).toBe('预览链接无效');
    }
    expect(calls).toEqual([]);
  });

  it('refuses an expired address: 预览链接已过期', async () => {
    const { server } = await previewAdapter();
    const query = signedPreviewQuery(PREVIEW_SECRET, 'culture', 'doc-1', Math.floor(Date.now() / 1000) - 1);
    const answer = await server.inject({ method: 'GET', url: `/preview/culture/doc-1?${query}` });
    expect(answer.statusCode).toBe(403);
    expect(titleOf(answer.body)).toBe('预览链接已过期');
  });

  it('refuses a kind it cannot preview: 无法预览', async () => {
    const { server } = await previewAdapter();
    const query = signedPreviewQuery(PREVIEW_SECRET, 'order', 'doc-1', inAnHour());
    const answer = await server.inject({ method: 'GET', url: `/preview/order/doc-1?${query}` });
    expect(answer.statusCode).toBe(404);
    expect(titleOf(answer.body)).toBe('无法预览');
  });

  it('says 内容不存在 for a document the CMS does not have, asked as the server for the draft or the published version', async () => {
    const { server, calls } = await previewAdapter();
    const query = signedPreviewQuery(PREVIEW_SECRET, 'culture', 'gone', inAnHour());
    const draft = await server.inject({ method: 'GET', url: `/preview/culture/gone?${query}` });
    const published = await server.inject({ method: 'GET', url: `/preview/culture/gone?${query}&status=published` });
    expect([draft.statusCode, published.statusCode]).toEqual([404, 404]);
    expect(titleOf(draft.body)).toBe('内容不存在');
    expect(calls).toEqual<CmsCall[]>([
      { as: 'server', method: 'get', path: 'portal/preview/culture/gone', payload: { status: 'draft' } },
      { as: 'server', method: 'get', path: 'portal/preview/culture/gone', payload: { status: 'published' } },
    ]);
  });

  it('says 暂时无法预览 when the site’s preview part is not built, after a valid address found its document', async () => {
    const { server, calls } = await previewAdapter();
    const query = signedPreviewQuery(PREVIEW_SECRET, 'culture', 'doc-1', inAnHour());
    const answer = await server.inject({ method: 'GET', url: `/preview/culture/doc-1?${query}` });
    expect(answer.statusCode).toBe(503);
    expect(titleOf(answer.body)).toBe('暂时无法预览');
    expect(calls).toHaveLength(1);
  });

  it('refuses every address when the adapter has no preview secret', async () => {
    const stub = stubCms();
    const { server } = await adapter(stub.cms);
    const query = signedPreviewQuery(PREVIEW_SECRET, 'culture', 'doc-1', inAnHour());
    const answer = await server.inject({ method: 'GET', url: `/preview/culture/doc-1?${query}` });
    expect(answer.statusCode).toBe(403);
    expect(titleOf(answer.body)).toBe('预览链接无效');
    expect(stub.calls).toEqual([]);
  });
});

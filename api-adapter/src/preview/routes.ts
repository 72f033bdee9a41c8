import type { FastifyInstance, FastifyReply } from 'fastify';
import { type PortalPreview } from '@feiyi/contract/portal';
import type { CmsClient } from '../cms/client.ts';
import type { ContentStore } from '../content/store.ts';
import { type PreviewPage, type PreviewStatus, isPreviewKind } from '@feiyi/contract/preview';
import { ApiError } from '../http/errors.ts';
import { PREVIEW_MAPPERS } from './documents.ts';
import type { PreviewRenderer } from './renderer.ts';
import { checkPreviewSignature, signedPreviewQuery } from './signature.ts';

/** Every preview answer: personal to the editor and about unpublished content, so never stored and never indexed. */
const PRIVATE_HEADERS = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
} as const;

const REFUSALS = {
  missing: { status: 401, title: '需要预览链接', text: '预览只能从内容后台的“预览”按钮打开：这个地址缺少签名。' },
  invalid: { status: 403, title: '预览链接无效', text: '这个预览地址的签名不正确。请回到内容后台，重新点击“预览”。' },
  expired: { status: 403, title: '预览链接已过期', text: '预览地址有时效。请回到内容后台，重新点击“预览”获取新的地址。' },
  unknown: { status: 404, title: '无法预览', text: '没有这种内容的预览。' },
  absent: { status: 404, title: '内容不存在', text: '要预览的内容不存在，或还没有这个版本（例如从未发布过）。' },
  unavailable: { status: 503, title: '暂时无法预览', text: '网站的预览部分尚未构建完成，或内容管理服务暂时不可用。请稍后再试。' },
} as const;

type Refusal = keyof typeof REFUSALS;

function refuse(reply: FastifyReply, refusal: Refusal) {
  const { status, title, text } = REFUSALS[refusal];
  const html = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${title} · 非遗中国</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36em; margin: 4rem auto; padding: 0 1rem; line-height: 1.8">
<h1>${title}</h1><p>${text}</p><p><a href="/">返回首页</a></p></body></html>`;
  return reply.status(status).headers(PRIVATE_HEADERS).type('text/html; charset=utf-8').send(html);
}

/**
 * The editors' preview: /preview/{kind}/{documentId}?expires=…&signature=…[&status=published]. After the signature,
 * the document is read from the CMS with the server token (draft by default), mapped as the public content is, and
 * rendered by the site's own on-demand page (site/src/pages/preview/), which takes it as Astro.locals.preview.
 */
export function registerPreviewRoutes(
  app: FastifyInstance,
  options: {
    secret: string | undefined;
    cms: CmsClient;
    store: ContentStore;
    renderer: PreviewRenderer | undefined;
    /** The content manager's origin: its preview panel shows the page in a frame. */
    adminOrigin: string;
    /** The public origin media addresses are made absolute under (as in the public content). */
    origin: string;
  },
) {
  const { secret, cms, store, renderer, adminOrigin, origin } = options;
  app.get<{ Params: { kind: string; documentId: string }; Querystring: Record<string, string | undefined> }>(
    '/preview/:kind/:documentId',
    // An editor's page, not part of the API: signed by its own query, left out of the API's document.
    { schema: { hide: true } },
    async (request, reply) => {
      const { kind, documentId } = request.params;
      const { expires, signature } = request.query;
      if (!isPreviewKind(kind)) return refuse(reply, 'unknown');
      const check = secret ? checkPreviewSignature(secret, { kind, documentId, expires, signature }) : 'invalid';
      if (check !== 'valid') return refuse(reply, check);
      const status: PreviewStatus = request.query.status === 'published' ? 'published' : 'draft';

      let answer: PortalPreview;
      try {
        answer = await cms.server.call('preview.document', { params: { kind, documentId }, query: { status } });
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 404) return refuse(reply, 'absent');
        throw error;
      }
      const handler = await renderer?.handler();
      if (!handler) return refuse(reply, 'unavailable');

      const base = `/preview/${kind}/${encodeURIComponent(documentId)}?${signedPreviewQuery(secret ?? '', kind, documentId, Number(expires))}`;
      const preview: PreviewPage = {
        ...PREVIEW_MAPPERS[kind](answer.document, { content: await store.content.get(), shop: await store.shop.get() }, origin),
        frame: {
          status,
          draftHref: base,
          publishedHref: `${base}&status=published`,
          published: answer.published,
          drafts: kind !== 'national',
          expiresAt: new Date(Number(expires) * 1000).toISOString(),
          adminOrigin,
        },
      };

      // Astro writes the answer itself; ours are set on the raw response first (Node merges them with its own).
      reply.hijack();
      for (const [name, value] of Object.entries(PRIVATE_HEADERS)) reply.raw.setHeader(name, value);
      // helmet's SAMEORIGIN would keep the page out of the admin's frame; the page's own CSP header (Astro's, with
      // frame-ancestors: site/src/lib/preview/frame.ts) says who may frame it.
      reply.raw.removeHeader('x-frame-options');
      await handler(
        request.raw,
        reply.raw,
        (error?: unknown) => {
          if (error) request.log.error({ err: error }, 'preview rendering failed');
          if (!reply.raw.headersSent) reply.raw.writeHead(error ? 500 : 404, { 'content-type': 'text/plain; charset=utf-8' });
          reply.raw.end(error ? '预览页面渲染失败' : '没有这种内容的预览页面');
        },
        { preview },
      );
    },
  );
}

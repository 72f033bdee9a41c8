import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../cache/response-cache.ts';
import { provinceListResponse } from '@feiyi/contract/province';
import type { ContentCopy } from '../content/store.ts';
import { categories, culturesByProvince } from '../culture/content.ts';
import { ok } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import type { Deps } from '../shared/deps.ts';
import { simplifyProvinceName } from './mapper.ts';
import { provinceByKey, provinceById, provinceContent, provinces } from './content.ts';
import { tableRoute } from '../http/route-table.ts';

function provinceOr404(data: ContentCopy, id: number) {
  const province = data.get(provinceById).get(id);
  if (!province) throw ApiError.notFound('未找到该省份');
  return province;
}

/** A type filter may be a category code, its display name (戏剧) or its official name (传统戏剧). */
function categoryCodeOf(data: ContentCopy, type: string | undefined, categoryId: number | undefined): number | undefined {
  if (categoryId !== undefined) return categoryId;
  if (!type) return undefined;
  const trimmed = type.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const match = data
    .get(categories)
    .find((c) => c.title === trimmed || c.officialName === trimmed || (trimmed === '杂技体育' && c.id === 69));
  return match ? match.id : -1;
}

export const provinceRoutes: FastifyPluginAsyncZod<Deps> = async (app, { store }) => {
  store.use(...provinceContent, categories, culturesByProvince);
  const tags = ['省份'];

  app.route({
    ...tableRoute('province.list', { tags, summary: '34 个省级行政区' }),
    handler: async (request, reply) => {
      return sendCached(
        request,
        reply,
        await store.content.answer('provinces', provinceListResponse, (data) => ok({ provinces: data.get(provinces) })),
      );
    },
  });

  app.route({
    ...tableRoute('province.byCode', {
      tags,
      summary: '按代码或名称查省份',
      description: '代码可以是拼音（guangxi）、行政区划代码（450000）、简称（广西）或全称（广西壮族自治区）。',
    }),
    handler: async (request) => {
      const data = await store.content.get();
      const key = request.params.code.trim().toLowerCase();
      const province = data.get(provinceByKey).get(key) ?? data.get(provinceByKey).get(simplifyProvinceName(key));
      if (!province) throw ApiError.notFound('未找到该省份');
      return ok({ province });
    },
  });

  app.route({
    ...tableRoute('province.detail', { tags, summary: '省份详情' }),
    handler: async (request) => {
      const data = await store.content.get();
      return ok({ province: provinceOr404(data, request.params.id) });
    },
  });

  app.route({
    ...tableRoute('province.types', {
      tags,
      summary: '省份已有的非遗类别',
      description: '类别的正式名称，来自该省列出的已发布条目（见 /api/province/{id}/cultures）。',
    }),
    handler: async (request) => {
      const data = await store.content.get();
      const province = provinceOr404(data, request.params.id);
      const codes = new Set((data.get(culturesByProvince).get(province.id) ?? []).map((c) => c.categoryId));
      return ok({
        types: data
          .get(categories)
          .filter((c) => codes.has(c.id))
          .map((c) => c.officialName),
      });
    },
  });

  app.route({
    ...tableRoute('province.cultures', {
      tags,
      summary: '省份的文化条目',
      description:
        '列出该省的条目：主要省份是该省的，以及国家级名录条目（与标题同名或为其子项）由该省申报的（昆曲列在江苏，也列在北京、上海、浙江、湖南）。type 可为类别编号、显示名（戏剧）或正式名称（传统戏剧）；也可用 categoryId。',
    }),
    handler: async (request) => {
      const data = await store.content.get();
      const province = provinceOr404(data, request.params.id);
      const { page, size, type, categoryId } = request.query;
      const code = categoryCodeOf(data, type, categoryId);
      const all = data.get(culturesByProvince).get(province.id) ?? [];
      const filtered = code === undefined ? all : all.filter((c) => c.categoryId === code);
      return ok({ cultures: filtered.slice((page - 1) * size, page * size), total: filtered.length });
    },
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../cache/response-cache.ts';
import { echoed } from '@feiyi/contract/common';
import { AS_OF, nationalEntriesResponse, nationalFiguresResponse, nationalItemResponse, serialFromSlug } from '@feiyi/contract/national';
import { ok } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import { provinceByKey, provinceContent } from '../province/content.ts';
import type { Deps } from '../shared/deps.ts';
import { paginate } from '@feiyi/contract/common';
import { nationalContent, nationalList } from './content.ts';
import { tableRoute } from '../http/route-table.ts';

const tags = ['国家级名录'];

export const nationalRoutes: FastifyPluginAsyncZod<Deps> = async (app, { store }) => {
  store.use(...nationalContent, ...provinceContent);

  app.route({
    ...tableRoute('national.entries', {
      tags,
      summary: '国家级名录条目',
      description:
        '国家级非遗代表性项目名录的全部条目（五批，3,610 条），分页，可按类别、省份、批次年份与新增/扩展筛选。province 可为简称、全称或拼音代码，national 表示国家级单位申报的条目。',
    }),
    handler: async (request, reply) => {
      const { page, size } = request.query;
      const categoryId = request.query.categoryId === '' ? undefined : request.query.categoryId;
      const batchYear = request.query.batchYear === '' ? undefined : request.query.batchYear;
      const kind = request.query.kind || undefined;
      const provinceKey = request.query.province?.trim().toLowerCase() || undefined;
      const copy = await store.content.get();
      let province: string | null | undefined;
      if (provinceKey === 'national') province = null;
      else if (provinceKey !== undefined) {
        const found = copy.get(provinceByKey).get(provinceKey);
        if (!found) throw ApiError.badRequest(`未知的省份${echoed(request.query.province)}`);
        province = found.name;
      }
      const key = `national-entries:${categoryId ?? ''}:${province === null ? 'national' : (province ?? '')}:${batchYear ?? ''}:${kind ?? ''}:${page}:${size}`;
      const cached = await store.content.answer(key, nationalEntriesResponse, (data) => {
        const entries = data.get(nationalList).filterEntries({ categoryId, province, batchYear, kind });
        return ok({ page: paginate(entries, page, size), asOf: AS_OF.list });
      });
      return sendCached(request, reply, cached);
    },
  });

  app.route({
    ...tableRoute('national.item', {
      tags,
      summary: '一个名录项目',
      description: '项目（按编号，Ⅳ-28 写作 iv-28）及其全部条目（各批次的新增与扩展）和国家级代表性传承人。',
    }),
    handler: async (request, reply) => {
      const serial = serialFromSlug(request.params.slug);
      const copy = await store.content.get();
      const list = copy.get(nationalList);
      const item = serial === undefined ? undefined : list.itemBySerial.get(serial);
      if (!serial || !item) throw ApiError.notFound('名录项目不存在');
      const cached = await store.content.answer(`national-item:${serial}`, nationalItemResponse, (data) => {
        const current = data.get(nationalList);
        return ok({
          item: current.itemBySerial.get(serial) ?? item,
          entries: current.entriesBySerial.get(serial) ?? [],
          inheritors: current.inheritorsBySerial.get(serial) ?? [],
          asOf: { ...AS_OF },
        });
      });
      return sendCached(request, reply, cached);
    },
  });

  app.route({
    ...tableRoute('national.figures', {
      tags,
      summary: '名录统计',
      description:
        '由名录数据计算的数字：总数、每个类别、每批、每个省份（项目、条目、传承人，及按类别细分），并注明截至日期（截至第五批，2021 年；传承人截至 2025 年 3 月）。',
    }),
    handler: async (request, reply) =>
      sendCached(
        request,
        reply,
        await store.content.answer('national-figures', nationalFiguresResponse, (data) => ok(data.get(nationalList).figures)),
      ),
  });
};

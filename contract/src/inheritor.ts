import { z } from 'zod';
import { envelope, pageOf, positiveId } from './common.ts';
import { FOLLOW_FETCH_SIZE, INHERITOR_PAGE_SIZE, INHERITOR_PAGE_SIZES, USER_LIST_MAX_SIZE, isPageSizeOf } from './page-sizes.ts';

export const inheritor = z
  .object({
    id: z.number().int(),
    inheritorName: z.string(),
    skillType: z.string(),
    profileImages: z.string().describe('图片地址，逗号分隔；第一张为头像'),
    status: z.number().int().describe('1 国家级，其他为省级'),
    levelText: z.string(),
    categoryId: z.number().int().nullable(),
    categoryName: z.string().nullable(),
    provinceName: z.string().nullable(),
    batch: z.string().nullable(),
    batchYear: z.number().int().nullable(),
    item: z.string().nullable(),
    serial: z.string().nullable().describe('国家级名录项目编号，如 Ⅳ-28'),
    href: z.string().describe('人物所在的网站地址：撰写了简介的在 /inheritors/{id}，其余在名录项目页 /minglu/{slug}#inheritor-{id}'),
    introduction: z.string().optional().describe('仅登录用户可见；没有撰写简介时为 暂无简介'),
    skillDescription: z.string().optional().describe('技艺特色，仅登录用户可见'),
    source: z.string().optional(),
  })
  .meta({ id: 'Inheritor' });
export type Inheritor = z.infer<typeof inheritor>;

export const inheritorPageQuery = z.object({
  page: z.coerce.number({ error: 'page 必须是数字' }).int().min(1, { error: 'page 不能小于 1' }).default(1),
  size: z.coerce
    .number({ error: 'size 必须是数字' })
    .int()
    .refine((n) => isPageSizeOf(INHERITOR_PAGE_SIZES, n), { error: `size 只能是 ${INHERITOR_PAGE_SIZES.join('、')}` })
    .default(INHERITOR_PAGE_SIZE),
});
export const inheritorCategoryParam = z.object({ categoryId: positiveId('类别编号') });
export const inheritorPageResponse = envelope(
  z.object({ page: pageOf(inheritor), guest: z.boolean().describe('true 表示游客视图（不含简介与技艺特色）') }),
);
export const inheritorProfilesResponse = envelope(
  z.object({ inheritors: z.array(inheritor).describe('编辑撰写了简介的传承人，含简介与技艺特色') }),
);
export const inheritorIdParam = z.object({ id: positiveId('传承人编号') });
export const inheritorDetailResponse = envelope(z.object({ inheritor, guest: z.boolean() }));
export const followStatusResponse = envelope(z.object({ isFollowing: z.boolean() }));
export const followCountResponse = envelope(z.number().int());

export const followedInheritor = z
  .object({ id: z.number().int(), inheritorName: z.string(), skillType: z.string(), categoryName: z.string(), profileImages: z.string() })
  .meta({ id: 'FollowedInheritor' });
export const followListQuery = z.object({
  page: z.coerce.number().int().min(1, { error: 'page 不能小于 1' }).default(1),
  size: z.coerce
    .number()
    .int()
    .min(1)
    .max(USER_LIST_MAX_SIZE, { error: `size 不能大于 ${USER_LIST_MAX_SIZE}` })
    .default(FOLLOW_FETCH_SIZE),
});
export const followListResponse = envelope(z.array(followedInheritor));

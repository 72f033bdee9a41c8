import { z } from 'zod';
import { ERROR_CODES, HOT_LATEST_CODE, SUCCESS_CODE } from './codes.ts';
import { MAINLAND_MOBILE } from './identity.ts';

// No global zod settings here: importing the contract changes nothing. Each app sets Chinese messages (and the site
// its jitless mode) in its own entry (api-adapter/src/zod-locale.ts, site/src/lib/zod-jitless.ts).

export { ERROR_CODES, HOT_LATEST_CODE, SUCCESS_CODE };

/**
 * A refused kind, named back to the visitor ('不支持的浏览类型：video') only when it is a short plain word: anything
 * else that was sent (markup, SQL, thousands of characters, NUL) is not echoed into the message.
 */
export const unsupportedKindMessage = (kind: string, input: unknown) => `不支持的${kind}${echoed(input)}`;

/** '：' and what the visitor sent, when it is a short plain word ('video', '火星'); nothing otherwise. */
export const echoed = (input: unknown) =>
  typeof input === 'string' && /^[\p{Script=Han}A-Za-z0-9_-]{1,20}$/u.test(input) ? `：${input}` : '';

export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.literal(SUCCESS_CODE), message: z.string(), data });

/** The hot and latest calls' envelope: code 200 (HOT_LATEST_CODE), not SUCCESS_CODE. */
export const hotLatestEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.literal(HOT_LATEST_CODE), message: z.string(), data });

/** Answers that carry only a message (data is null). */
export const messageOnly = envelope(z.null());

export const errorBody = z
  .object({
    code: z.number().int(),
    message: z.string(),
    data: z.null(),
  })
  .meta({ id: 'ErrorBody', description: '错误：HTTP 状态码与 code 对应，message 为中文说明' });

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    records: z.array(item),
    total: z.number().int().min(0),
    size: z.number().int().min(1),
    current: z.number().int().min(1),
    pages: z.number().int().min(0),
  });

/** One page of a list, the shape every paged answer has. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** The page `current` (from 1) of `total` records, of which `records` are that page's. */
export const pageFrom = <T>(records: T[], total: number, current: number, size: number): Page<T> => ({
  records,
  total,
  size,
  current,
  pages: Math.ceil(total / size),
});

/** Slices a sorted list into pages. */
export const paginate = <T>(items: readonly T[], page: number, size: number): Page<T> =>
  pageFrom(items.slice((page - 1) * size, page * size), items.length, page, size);

/** A whole number from 1 to `max`, refused with Chinese messages naming the field. */
export const positiveInt = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} 必须是数字` })
    .int({ error: `${name} 必须是整数` })
    .min(1, { error: `${name} 不能小于 1` })
    .max(max, { error: `${name} 不能大于 ${max}` });

/** page/size query, page 1 and the given size by default; `_t` (cache-busting) and other extras are ignored. */
export const pageQuery = (defaultSize: number, maxSize = 50) =>
  z.object({
    page: positiveInt('page', 100_000).default(1),
    size: positiveInt('size', maxSize).default(defaultSize),
  });

export const idParam = z.object({ id: positiveInt('id', 2_147_483_647) });

export const positiveId = (name: string) => positiveInt(name, 2_147_483_647);

/** A userId sent by a client: accepted only when it equals the token's user (checked in the route). */
export const optionalUserId = positiveInt('userId', 2_147_483_647).optional();

/** Absolute URL of an image or video on our origin; empty when there is none. */
export const mediaUrl = z.string();

export const mainlandMobile = (required: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).regex(MAINLAND_MOBILE, { error: '请输入正确的手机号码' });

export const authHeaders = z.object({ authorization: z.string().optional() });

/** Standard error responses every route declares. */
export const errorResponses = {
  400: errorBody,
  404: errorBody,
  429: errorBody,
  500: errorBody,
  503: errorBody,
} as const;

/** Errors of calls that need a logged-in user and may touch another user's data. */
export const privateErrorResponses = {
  ...errorResponses,
  401: errorBody,
  403: errorBody,
  409: errorBody,
} as const;

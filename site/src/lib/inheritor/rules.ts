import { TEXT } from '../api/rules.ts';
import * as MESSAGES from '@feiyi/contract/messages';

/** Page sizes and the default category of the inheritors page. */
export { INHERITOR_PAGE_SIZES as PAGE_SIZES, INHERITOR_PAGE_SIZE as DEFAULT_PAGE_SIZE } from '@feiyi/contract/page-sizes';
export const DEFAULT_CATEGORY = 66;

/** The ten categories in the menu's fixed order. */
export const CATEGORIES = [
  { id: 66, title: '民间文学' },
  { id: 67, title: '传统戏剧' },
  { id: 68, title: '传统美术' },
  { id: 69, title: '传统体育、游艺与杂技' },
  { id: 70, title: '曲艺' },
  { id: 71, title: '传统技艺' },
  { id: 74, title: '传统医药' },
  { id: 73, title: '民俗' },
  { id: 72, title: '传统音乐' },
  { id: 75, title: '传统舞蹈' },
] as const;

export type CategoryId = (typeof CATEGORIES)[number]['id'];

/** A category id from the address (?category=67), or the default when absent or unknown. */
export function categoryFrom(value: string | null | undefined): CategoryId {
  const id = Number(value);
  return CATEGORIES.find((c) => c.id === id)?.id ?? DEFAULT_CATEGORY;
}

/** Level text from status: 1 is national, anything else provincial. */
export function levelText(status: number): string {
  return status === 1 ? MESSAGES.inheritor.level.national : MESSAGES.inheritor.level.provincial;
}

export const DEFAULT_AVATAR = '/images/inheritor-portrait-default.svg';

/** The avatar is the first of the comma-separated profile images; the default when there is none. */
export function avatarOf(profileImages: string | null | undefined): string {
  const first = (profileImages ?? '')
    .split(',')
    .map((url) => url.trim())
    .find(Boolean);
  return first ?? DEFAULT_AVATAR;
}

/** The bio as shown: the introduction, or '暂无简介' when it is empty. */
export function bioText(introduction: string | null | undefined): string {
  return introduction?.trim() ? introduction.trim() : MESSAGES.inheritor.noBio;
}

/**
 * The page a visitor typed into the jumper, made valid: a whole number within 1…pageCount; null
 * when the input is not a number at all (the jumper then does nothing).
 */
export function jumpTarget(input: string, pageCount: number): number | null {
  const value = Number.parseInt(input.trim(), 10);
  if (!Number.isFinite(value)) return null;
  return Math.min(Math.max(value, 1), Math.max(pageCount, 1));
}

/**
 * The three sample inheritors shown with the guest alert when the list call answers 401 or 403.
 * Real national representative inheritors, in the public view (no bio).
 */
export const SAMPLE_INHERITORS = [
  { id: -1, inheritorName: '张继青', skillType: '昆曲', status: 1, profileImages: '', categoryName: '传统戏剧' },
  { id: -2, inheritorName: '徐朝兴', skillType: '龙泉青瓷烧制技艺', status: 1, profileImages: '', categoryName: '传统技艺' },
  { id: -3, inheritorName: '姜昆', skillType: '相声', status: 1, profileImages: '', categoryName: '曲艺' },
] as const;

/** Whether a record is one of the samples (they have no server record: no follow, no browse record). */
export function isSample(id: number): boolean {
  return id < 0;
}

export type PagerSlot = number | 'gap-before' | 'gap-after';

/**
 * The numbered part of the inheritors pager (total, sizes, previous, pager, next,
 * jumper): at most 7 slots, always the first and last page, a window of 5 around the current page,
 * and a gap where pages are left out — `1 … 7 8 9 10 11 … 400`.
 */
export function pagerSlots(current: number, pageCount: number, slots = 7): PagerSlot[] {
  if (pageCount <= 0) return [];
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), pageCount);
  if (pageCount <= slots) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const window = slots - 2; // the numbers between the first and the last page
  const side = Math.floor(window / 2);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  // The window page-side…page+side fits between the first and the last page only from side + 3 on.
  if (page < side + 3) return [...range(1, slots - 1), 'gap-after', pageCount];
  if (page > pageCount - side - 2) return [1, 'gap-before', ...range(pageCount - slots + 2, pageCount)];
  return [1, 'gap-before', ...range(page - side, page + side), 'gap-after', pageCount];
}

/** What the client's ApiError tells a caller: its kind and the Chinese message it already carries. */
interface FailureLike {
  kind: string;
  message: string;
}

/** The client's message when the server gave none: the catalogue's words then replace it. */
const GENERIC = TEXT.requestFailed;

/**
 * The inheritor list's error text: a body code other than 20000 reads '获取传承人数据失败: {message
 * or 未知错误}'; a bad shape, another HTTP error, no response and a setup error keep the client's message
 * ('响应数据格式错误', the server's message, '网络错误，请检查您的网络连接', '请求配置错误'). A 401/403 is not an
 * error here: the caller shows the guest view with the sample inheritors.
 */
export function listFailureText(error: FailureLike): string {
  if (error.kind === 'business') return MESSAGES.inheritor.listFailed(error.message === GENERIC ? undefined : error.message);
  return error.message || GENERIC;
}

/**
 * A failed follow or unfollow: the server's message or '操作失败' when it answered, '操作失败，请稍后重试'
 * otherwise (no answer, a bad answer). The 401 is the client's: it logs out and says '登录已过期，请重新登录'.
 */
export function followFailureText(error: FailureLike): string {
  if (error.kind === 'http' || error.kind === 'business') {
    return error.message && error.message !== GENERIC ? error.message : MESSAGES.follow.failed;
  }
  return MESSAGES.follow.failedLater;
}

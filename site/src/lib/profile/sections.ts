/**
 * The personal centre's right-hand sections: chosen by the query parameter `section`, default
 * favorite. Pay-success links to `?tab=orders` and quick-buy to `?section=order`:
 * both land on the orders.
 */
export const SECTIONS = [
  'follow',
  'favorite',
  'appointment',
  'achievement',
  'history',
  'order',
  'address',
  'username',
  'upload-avatar',
  'upload-background',
] as const;
export type Section = (typeof SECTIONS)[number];

export const DEFAULT_SECTION: Section = 'favorite';

export const SECTION_TITLES: Record<Section, string> = {
  follow: '我的关注',
  favorite: '我的收藏',
  appointment: '我的预约',
  achievement: '我的成就',
  history: '浏览记录',
  order: '我的订单',
  address: '收货地址',
  username: '修改用户名',
  'upload-avatar': '更换头像',
  'upload-background': '更换背景',
};

const isSection = (value: string | null): value is Section => value !== null && (SECTIONS as readonly string[]).includes(value);

/** The section a query string asks for: `section` when it names one, else `tab=orders`, else favorite. */
export function sectionFrom(search: string): Section {
  const query = new URLSearchParams(search);
  const section = query.get('section');
  if (isSection(section)) return section;
  const tab = query.get('tab');
  if (tab === 'orders' || tab === 'order') return 'order';
  return DEFAULT_SECTION;
}

/** The address of a section: '/profile?section=history' (the old `tab` parameter is dropped). */
export function sectionHref(section: Section): string {
  return `/profile?${new URLSearchParams({ section })}`;
}

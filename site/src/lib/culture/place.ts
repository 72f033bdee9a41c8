import type { CultureItem } from '@feiyi/contract';

const SHOWN = 2;

/**
 * Where an item is from, for the line under its title: its primary province, or, without one, the provinces its
 * national entries name (up to two, then how many in all, to keep a card's line short): 江苏; 江苏、浙江; 内蒙古、四川等 7 地.
 */
export function placeLabel(item: Pick<CultureItem, 'provinceName' | 'provinces'>): string {
  if (item.provinceName) return item.provinceName;
  const names = item.provinces.map((p) => p.name);
  return names.length <= SHOWN ? names.join('、') : `${names.slice(0, SHOWN).join('、')}等 ${names.length} 地`;
}

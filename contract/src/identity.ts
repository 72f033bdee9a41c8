/**
 * Rules about people that every app applies the same way: a mainland mobile number, an 18-character resident ID
 * number (GB 11643), and how names and ID numbers are masked wherever they are shown or stored.
 */

/** A mainland mobile number: 11 digits starting 13 to 19. */
export const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
/** What an ID number looks like before its check character and birth date are checked (isValidIdCard). */
export const ID_CARD_FORMAT = /^\d{17}[\dXx]$/;

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CHECK = '10X98765432';

export function isMainlandMobile(phone: string): boolean {
  return MAINLAND_MOBILE.test(phone.trim());
}

/** The check character (GB 11643) of the first 17 digits; undefined when they are not 17 digits. */
export function idCheckCharacter(first17: string): string | undefined {
  if (!/^\d{17}$/.test(first17)) return undefined;
  const sum = ID_WEIGHTS.reduce((total, weight, i) => total + weight * Number(first17[i]), 0);
  return ID_CHECK[sum % 11];
}

/** An 18-character resident ID number: 17 digits, a real birth date (digits 7–14) and the right check character. */
export function isValidIdCard(value: string): boolean {
  const id = value.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) return false;
  return idCheckCharacter(id.slice(0, 17)) === id[17];
}

/** 张三丰 → 张**; demo → d** (the donor table never shows a full name). */
export function maskName(name: string | null | undefined): string {
  const chars = [...(name ?? '').trim()];
  if (chars.length === 0) return '匿名**';
  return `${chars[0]}**`;
}

/** 110105194912310021 → 110105********0021; anything not 18 characters long is masked whole. */
export function maskIdCard(idcard: string): string {
  const value = idcard.trim();
  if (value.length === 18) return `${value.slice(0, 6)}********${value.slice(14)}`;
  return '*'.repeat(Math.max(4, value.length));
}

/** 张三丰 → 张**; demo → d** (the donor table never shows a full name). */
export function maskName(name: string | null | undefined): string {
  const chars = [...(name ?? '').trim()];
  if (chars.length === 0) return '匿名**';
  return `${chars[0]}**`;
}

/** An 18-character ID number keeps its first 6 and last 4 characters; anything else is fully masked. */
export function maskIdCard(idcard: string): string {
  const value = idcard.trim();
  if (value.length === 18) return `${value.slice(0, 6)}********${value.slice(14)}`;
  return '*'.repeat(Math.max(4, value.length));
}

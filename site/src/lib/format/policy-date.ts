/** The year of a policy's pubDate ('YYYY-MM-DD'), as the timeline shows it. */
export function policyYear(pubDate: string): number {
  return Number(pubDate.slice(0, 4));
}

/** The full date as a reader expects it: '2006年5月20日', or only '2008年' when only the year is known. */
export function policyDateText(pubDate: string, precision: 'day' | 'year'): string {
  const [year, month, day] = pubDate.split('-').map(Number);
  return precision === 'year' || !month || !day ? `${year}年` : `${year}年${month}月${day}日`;
}

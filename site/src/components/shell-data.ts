/**
 * What the nav needs from the API at build time, fetched once per build (every page shares the promise):
 * the 34 province-level names and the culture items that today's festival or 节气 can link to.
 */
import { fetchProvinces, searchCultures } from '../lib/api/index.ts';
import { memoized } from '../lib/data/build-memo.ts';
import { MARK_TOPICS } from '../lib/shell/calendar.ts';
import { SEARCH_PAGE_SIZE } from '@feiyi/contract/page-sizes';

async function loadProvinces() {
  return (await fetchProvinces()).toSorted((a, b) => a.id - b.id).map(({ id, name }) => ({ id, name }));
}

/** A topic links to the item named after it ('端午节', or '端午节（苏州端午习俗）'); nothing else counts. */
async function loadMarkLinks() {
  const links: Record<string, string> = {};
  for (const topic of MARK_TOPICS) {
    const hit = (await searchCultures(topic, { size: SEARCH_PAGE_SIZE })).records.find(
      (item) => item.title === topic || item.title.startsWith(`${topic}（`),
    );
    if (hit) links[topic] = `/culture/item/${hit.id}`;
  }
  return links;
}

export const navProvinces = memoized('nav-provinces', loadProvinces);
export const navMarkLinks = memoized('nav-mark-links', loadMarkLinks);

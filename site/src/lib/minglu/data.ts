/**
 * Build-time reads of the national list, once per build however many pages use them: the entries in pages of 100
 * (37 calls for 3,610 entries) name every item; each item is then read once (its entries and national inheritors,
 * with the inheritors' gender and ethnicity that only the item call carries), a few calls at a time.
 */
import type { NationalEntry, NationalInheritor, NationalItem } from '@feiyi/contract';
import { fetchNationalEntries, fetchNationalItem } from '../api/minglu.ts';
import { fetchInheritorProfiles } from '../api/inheritor.ts';
import { fetchNationalFigures } from '../api/national.ts';
import { memoized, memoizedBy } from '../data/build-memo.ts';
import { compareSerials, serialSlug } from './serial.ts';

export interface ItemRecord {
  item: NationalItem;
  entries: NationalEntry[];
  inheritors: NationalInheritor[];
  /** The dates the list and the inheritors are true at. */
  asOf: { list: string; inheritors: string };
}

const PAGE = 100;
/** Calls in flight at once: the adapter answers from memory; more would only queue on a 2-core machine. */
const PARALLEL = 8;

async function allEntries(): Promise<NationalEntry[]> {
  const first = await fetchNationalEntries({ size: PAGE });
  const rest = await mapLimit(
    Array.from({ length: Math.max(0, first.page.pages - 1) }, (_, i) => i + 2),
    PARALLEL,
    (page) => fetchNationalEntries({ size: PAGE, page }),
  );
  return [first, ...rest].flatMap((answer) => answer.page.records);
}

async function loadItems(): Promise<ItemRecord[]> {
  const slugs = [...new Set((await allEntries()).map((entry) => serialSlug(entry.serial)))];
  const records = await mapLimit(slugs, PARALLEL, (slug) => fetchNationalItem(slug));
  return records.sort((a, b) => compareSerials(a.item.serial, b.item.serial));
}

/** Every item of the national list in serial order (Ⅰ-1 … Ⅹ-n), with its entries and inheritors. */
export const allNationalItems = memoized('national-items', loadItems);

/** The list's figures (per category, batch and province, with their dates). */
export const nationalFigures = memoized('national-figures', () => fetchNationalFigures());

/** The inheritors with a written profile page: id → its address (/inheritors/{id}). */
export const profilePages = memoized('inheritor-profiles', () =>
  fetchInheritorProfiles().then((people) => new Map(people.map((person) => [person.id, person.href]))),
);

/** The profile pages of an item's inheritors (id → address), by the item's slug: its page depends on these, not on all of them. */
const profilesBySlug = memoizedBy('inheritor-profiles', async (slug) => {
  // The item's own answer (read once per render generation), not the list of all: a change of another item leaves it be.
  const record = await fetchNationalItem(slug);
  const profiles = await profilePages();
  return new Map(record.inheritors.flatMap((person) => (profiles.has(person.id) ? [[person.id, profiles.get(person.id)!] as const] : [])));
});
export const profilesOf = (record: ItemRecord) => profilesBySlug(record.item.slug);

/** Runs `work` over `inputs` with at most `limit` calls at once, keeping the order of the inputs. */
export async function mapLimit<T, R>(inputs: readonly T[], limit: number, work: (input: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(inputs.length);
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const index = next++;
      results[index] = await work(inputs[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, inputs.length) }, worker));
  return results;
}

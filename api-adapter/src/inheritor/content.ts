import { collection, view } from '../content/store.ts';
import { categories } from '../culture/content.ts';
import { nationalList } from '../national/content.ts';
import { byId, groupBy } from '../shared/index-by.ts';
import { fromNationalList, strapiInheritor, toInheritor } from './mapper.ts';

/** Published inheritors with a written profile (prose, pictures), by id. */
export const inheritors = collection('content', 'inheritors', {
  query: { sort: 'pid:asc', 'filters[introduction][$notNull]': true },
  shape: strapiInheritor,
  map: (documents, origin) => documents.map((document) => toInheritor(document, origin)).sort((a, b) => a.id - b.id),
});

/** Every inheritor: the national list's (3,995), each replaced by its written profile where one exists. */
export const allInheritors = view('content', [inheritors, nationalList, categories], (read, origin) => {
  const written = byId(read(inheritors));
  const title = new Map(read(categories).map((c) => [c.id, c.title]));
  const listed = read(nationalList).inheritors.map(
    (person) => written.get(person.id) ?? fromNationalList(person, title.get(person.categoryId) ?? null, origin),
  );
  const listedIds = new Set(listed.map((person) => person.id));
  return [...listed, ...read(inheritors).filter((person) => !listedIds.has(person.id))].sort((a, b) => a.id - b.id);
});
export const inheritorById = view('content', [allInheritors], (read) => byId(read(allInheritors)));
export const inheritorsByCategory = view('content', [allInheritors], (read) => groupBy(read(allInheritors), (i) => i.categoryId));

export const inheritorContent = [inheritors, allInheritors, inheritorById, inheritorsByCategory];

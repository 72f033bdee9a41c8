import { singleType, view } from '../content/store.ts';
import { categories } from '../culture/content.ts';
import { NationalList, strapiNationalList } from './list.ts';

/** The whole national list in one answer from the CMS (its own compact call, not 7,600 REST documents). */
const nationalListDocument = singleType('content', 'portal/national-list', {
  shape: strapiNationalList,
  map: (document) => {
    // A missing answer fails the load, so the last good copy keeps serving (never an empty list).
    if (!document) throw new Error('the CMS did not answer the national list');
    return document;
  },
});

export const nationalList = view(
  'content',
  [nationalListDocument, categories],
  (read) =>
    new NationalList(
      read(nationalListDocument),
      read(categories).map((c) => ({ id: c.id, officialName: c.officialName })),
    ),
);

export const nationalContent = [nationalListDocument, nationalList];

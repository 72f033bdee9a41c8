import { view } from '../content/store.ts';
import { categories } from '../culture/content.ts';
import { nationalListDocument } from './document.ts';
import { NationalList } from './list.ts';

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

import { collection } from '../content/store.ts';
import { strapiProvince } from './mapper.ts';

/** The 34 province-level units as the CMS holds them (the culture domain reads them too, so they stand apart). */
export const provinceDocuments = collection('content', 'provinces', {
  query: { sort: 'pid:asc' },
  shape: strapiProvince,
  map: (documents) => documents,
});

import { PORTAL_ROUTES } from '@feiyi/contract/routes';
import { singleType } from '../content/store.ts';
import { strapiNationalList } from './list.ts';

/**
 * The whole national list in one answer from the CMS (its own compact call, not 7,600 REST documents). The
 * culture domain reads its entries too (the provinces an item is listed under), so it stands apart.
 */
export const nationalListDocument = singleType('content', PORTAL_ROUTES['national.list'].path.slice(1), {
  shape: strapiNationalList,
  map: (document) => {
    // A missing answer fails the load, so the last good copy keeps serving (never an empty list).
    if (!document) throw new Error('the CMS did not answer the national list');
    return document;
  },
});

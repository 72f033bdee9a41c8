import { collection, type ContentStore, view } from '../content/store.ts';
import type { StockLevel } from '@feiyi/contract/portal';
import type { Product } from '@feiyi/contract/product';
import { byId } from '../shared/index-by.ts';
import { strapiProduct, toProduct } from './mapper.ts';

/** Published products with their stock (which moves with every purchase: see the shop group). */
export const products = collection('shop', 'products', {
  query: { sort: 'pid:asc' },
  shape: strapiProduct,
  map: (documents, origin): Product[] => documents.map((document) => toProduct(document, origin)).sort((a, b) => a.id - b.id),
});
export const productById = view('shop', [products], (read) => byId(read(products)));

export const productContent = [products, productById];

/** Stock of some products as the CMS answered it (after a sale, or when stock moved elsewhere). */
export type { StockLevel } from '@feiyi/contract/portal';

/** Applies stock the CMS reported to the cached catalogue, so the next read answers it at once. */
export function applyStock(store: ContentStore, levels: readonly StockLevel[], options: { followed?: boolean } = {}): void {
  if (levels.length === 0) return;
  const stockOf = new Map(levels.map((level) => [level.productId, level.stock]));
  store.update(
    products,
    (documents) =>
      documents.map((document) => {
        const stock = document.pid === null ? undefined : stockOf.get(document.pid);
        return stock === undefined ? document : { ...document, stock };
      }),
    options,
  );
}

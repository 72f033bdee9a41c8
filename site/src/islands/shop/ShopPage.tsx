import type { Product } from '@feiyi/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { type fetchProductPage, type ProductPageParams, productQueries } from '../../lib/api/product.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { loginHref } from '../../lib/api/rules.ts';
import { readSession, subscribeSession } from '../../lib/api/session.ts';
import { culturePager } from '../../lib/culture/pager.ts';
import { formatMoney } from '../../lib/format/money.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import { notify } from '../../lib/ui/toast.ts';
import { NOTICE_MS } from '../../lib/payment/timers.ts';
import ProductDialog from './ProductDialog.tsx';
import QuickBuy from './QuickBuy.tsx';
import { CATEGORIES, type CategoryId, DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize, canBuy, isPageSize } from './rules.ts';
import { useClientStore } from '../../lib/ui/use-client-store.ts';
import { useTypedBeforeHydration } from '../../lib/ui/use-typed-before-hydration.ts';
import { Picture } from '../../lib/ui/Picture.tsx';
import { PICTURE_SIZES } from '../../lib/ui/picture-sizes.ts';

type ProductPage = Awaited<ReturnType<typeof fetchProductPage>>;

interface Props {
  /** The first page (all categories, 9 products) as the site was built: in the HTML for search engines and first paint. */
  firstPage: ProductPage;
  /** False in an editor's preview: the first page shows a draft, which the live list would replace. */
  live?: boolean;
}

const SHOP_PATH = '/charity';

/** Buying needs a login: '请先登录再购买', then /login and back to the shop. */
export function requireLoginToBuy(): boolean {
  if (readSession()) return true;
  notify.warning(MESSAGES.shop.loginToBuy);
  window.setTimeout(() => window.location.assign(loginHref(SHOP_PATH)), NOTICE_MS);
  return false;
}

/**
 * The merchandise page: pages of 9/18/27/36 products, keyword and category filters, the detail dialog
 * (pictures, description, price, stock, quantity, buy → shipping form → /payment) and quick-buy on each card.
 * The first page comes with the HTML; the live list (current stock) replaces it at once.
 */
export default function ShopPage({ firstPage, live = true }: Props) {
  const session = useClientStore(subscribeSession, readSession, undefined);
  const [params, setParams] = useState<Required<Pick<ProductPageParams, 'page' | 'size'>> & ProductPageParams>({
    page: 1,
    size: DEFAULT_PAGE_SIZE,
    keyword: undefined,
    categoryId: undefined,
  });
  const [typed, setTyped] = useState({ keyword: '' });
  const searchForm = useRef<HTMLFormElement>(null);
  // A keyword typed while the page's script was still loading is searched by the first press (held by the boot script).
  useTypedBeforeHydration(searchForm, setTyped);
  const [open, setOpen] = useState<Product | undefined>();
  const [buying, setBuying] = useState<Product | undefined>();

  const isFirst = params.page === 1 && params.size === DEFAULT_PAGE_SIZE && !params.keyword && params.categoryId === undefined;
  const list = useQuery(
    {
      ...productQueries.page(params),
      // The built page shows the stock at build time: count it as old so the live stock is read at once.
      ...(isFirst && live ? { initialData: firstPage, initialDataUpdatedAt: 0 } : {}),
      placeholderData: keepPreviousData,
      // A preview's first page is the draft it was given: not read live, nor taken from the shared query cache (which,
      // in the preview server, holds what an earlier render put there).
      enabled: live || !isFirst,
    },
    queryClient,
  );
  const page = !live && isFirst ? firstPage : list.data;
  const pager = culturePager(params.page, page?.pages ?? 0);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams({ ...params, page: 1, keyword: typed.keyword.trim() || undefined });
  };
  const chooseCategory = (categoryId: CategoryId | undefined) => setParams({ ...params, page: 1, categoryId });
  const chooseSize = (value: number) => {
    if (isPageSize(value)) setParams({ ...params, page: 1, size: value });
  };
  const toPage = (n: number | undefined) => {
    if (n === undefined) return;
    setParams({ ...params, page: n });
    document.getElementById('shop-grid')?.scrollIntoView({ block: 'start' });
  };
  const quickBuy = (product: Product) => {
    if (requireLoginToBuy()) setBuying(product);
  };

  const pagerButton = (label: string, n: number | undefined) => (
    <button type="button" className="join-item btn btn-sm" disabled={n === undefined} onClick={() => toPage(n)}>
      {label}
    </button>
  );

  return (
    <div>
      <form ref={searchForm} role="search" aria-label="商品筛选" className="flex flex-col gap-4 md:flex-row md:items-end" onSubmit={search}>
        <div className="flex flex-1 gap-2">
          <label className="input w-full md:max-w-sm">
            <span className="sr-only">关键词</span>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="11" cy="11" r="7" />
              <path d="M20 20l-3.5-3.5" strokeLinecap="round" />
            </svg>
            <input
              type="search"
              name="keyword"
              placeholder="搜索商品名称或介绍"
              maxLength={100}
              value={typed.keyword}
              onChange={(event) => setTyped({ keyword: event.currentTarget.value })}
            />
          </label>
          <button type="submit" className="btn btn-secondary">
            搜索
          </button>
        </div>
        <div role="group" aria-label="商品类别" className="flex flex-wrap gap-2">
          {[{ id: undefined, name: '全部' } as const, ...CATEGORIES].map((c) => (
            <button
              key={c.name}
              type="button"
              className={`btn btn-sm ${params.categoryId === c.id ? 'btn-secondary' : 'btn-ghost border-base-300'}`}
              aria-pressed={params.categoryId === c.id}
              onClick={() => chooseCategory(c.id)}
            >
              {c.name}
            </button>
          ))}
        </div>
      </form>

      <div id="shop-grid" className="mt-6 scroll-mt-24" aria-busy={list.isFetching}>
        {list.isError && (
          <div role="alert" className="alert alert-error">
            <span>{MESSAGES.shop.listFailed}</span>
            <button type="button" className="btn btn-sm" onClick={() => void list.refetch()}>
              重新加载
            </button>
          </div>
        )}
        {!page && list.isPending && (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
            {Array.from({ length: params.size }, (_, i) => (
              <li key={i} className="skeleton h-96 w-full" />
            ))}
          </ul>
        )}
        {page && page.records.length === 0 && (
          <p className="rounded-box border border-base-300 p-6 text-center" role="status">
            {MESSAGES.shop.empty}
          </p>
        )}
        {page && page.records.length > 0 && (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {page.records.map((product, index) => (
              <ProductCard
                key={product.id}
                product={product}
                eager={params.page === 1 && index < 3}
                onOpen={() => setOpen(product)}
                onQuickBuy={() => quickBuy(product)}
              />
            ))}
          </ul>
        )}
      </div>

      {page && (
        <div className="mt-8 flex flex-col items-center gap-3 md:flex-row md:justify-between">
          <p className="text-sm opacity-85">
            共 {page.total} 件{pager.pageCount > 0 && ` · 第 ${pager.current} / ${pager.pageCount} 页`}
          </p>
          {pager.pageCount > 1 && (
            // Three groups that wrap on a phone, as the culture grid's pager does.
            <nav aria-label="分页" className="flex flex-wrap justify-center gap-2">
              <span className="join">
                {pagerButton('首页', pager.first)}
                {pagerButton('上一页', pager.previous)}
              </span>
              <span className="join">
                {pager.numbers.map((n) => (
                  <button
                    key={n}
                    type="button"
                    className={`join-item btn btn-sm ${n === pager.current ? 'btn-secondary' : ''}`}
                    aria-current={n === pager.current ? 'page' : undefined}
                    aria-label={`第 ${n} 页`}
                    onClick={() => toPage(n)}
                  >
                    {n}
                  </button>
                ))}
              </span>
              <span className="join">
                {pagerButton('下一页', pager.next)}
                {pagerButton('末页', pager.last)}
              </span>
            </nav>
          )}
          <label className="flex items-center gap-2 text-sm">
            每页
            <select
              name="size"
              className="select select-sm w-20"
              value={params.size}
              onChange={(event) => chooseSize(Number(event.currentTarget.value))}
              aria-label="每页件数"
            >
              {PAGE_SIZES.map((size: PageSize) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
            件
          </label>
        </div>
      )}

      {open && (
        <ProductDialog
          product={open}
          loggedIn={Boolean(session)}
          onClose={() => setOpen(undefined)}
          onNeedLogin={() => requireLoginToBuy()}
        />
      )}
      {buying && session && <QuickBuy product={buying} user={session.user} onClose={() => setBuying(undefined)} />}
    </div>
  );
}

function ProductCard({
  product,
  eager,
  onOpen,
  onQuickBuy,
}: {
  product: Product;
  eager: boolean;
  onOpen: () => void;
  onQuickBuy: () => void;
}) {
  const inStock = canBuy(product.stock);
  return (
    <li className="card overflow-hidden border border-base-300 bg-base-100" data-product={product.id}>
      {/* The picture opens the detail as the title does; the title's button is the card's control for keyboards. */}
      <figure className="aspect-[4/3] cursor-pointer bg-base-300" onClick={onOpen}>
        <Picture
          src={product.coverImage}
          sizes={PICTURE_SIZES.card}
          alt=""
          width={600}
          height={450}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className={`h-full w-full object-cover ${inStock ? '' : 'opacity-60 grayscale'}`}
        />
      </figure>
      <div className="card-body gap-2 p-5">
        <p className="text-xs tracking-widest text-secondary">{product.categoryName}</p>
        <h3 className="card-title font-serif text-lg">
          <button type="button" className="cursor-pointer text-left hover:text-primary" onClick={onOpen}>
            {product.name}
          </button>
        </h3>
        <p className="line-clamp-2 text-sm leading-7 opacity-85">{product.description}</p>
        <p className="mt-1 flex items-baseline justify-between">
          <span className="text-xl font-semibold text-primary">{formatMoney(product.price)}</span>
          <span className="text-sm opacity-85" data-stock>
            {inStock ? `库存 ${product.stock}` : MESSAGES.shop.soldOut}
          </span>
        </p>
        <div className="card-actions mt-2 justify-end">
          <button type="button" className="btn btn-sm btn-ghost border-base-300" aria-label={`查看详情：${product.name}`} onClick={onOpen}>
            查看详情
          </button>
          <button
            type="button"
            className="btn btn-sm btn-secondary"
            disabled={!inStock}
            aria-label={`${inStock ? '快速购买' : MESSAGES.shop.soldOut}：${product.name}`}
            onClick={onQuickBuy}
          >
            {inStock ? '快速购买' : MESSAGES.shop.soldOut}
          </button>
        </div>
      </div>
    </li>
  );
}

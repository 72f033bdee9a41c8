import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api/errors.ts';
import { provinceQueries } from '../../lib/api/province.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import type { TagCategory } from '../../lib/province/type-tags.ts';
import ProvinceCultures from './ProvinceCultures.tsx';

/** Which province the address asks for: /area?province={name}, or an /area/{id} the site has no page for. */
type Wanted = { kind: 'name'; name: string } | { kind: 'id'; id: number } | { kind: 'none' };

export function wantedProvince(location: { pathname: string; search: string }): Wanted {
  const name = new URLSearchParams(location.search).get('province')?.trim();
  if (name) return { kind: 'name', name };
  const segment = /^\/area\/([^/]+)\/?$/.exec(location.pathname)?.[1];
  if (segment) return /^\d{1,9}$/.test(segment) ? { kind: 'id', id: Number(segment) } : { kind: 'name', name: decodeURIComponent(segment) };
  return { kind: 'none' };
}

export const DEFAULT_BLURB = '这里的非物质文化遗产介绍正在整理中，先看看下面已收录的项目吧。';
const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * The province page reached by name (the map's and the nav's links): the province is looked up by
 * the API, then its types (a failure is tolerated) and its cultures are read.
 */
export default function AreaLookup({ categories }: { categories: TagCategory[] }) {
  const [wanted, setWanted] = useState<Wanted>({ kind: 'none' });
  useEffect(() => setWanted(wantedProvince(window.location)), []);

  const byName = useQuery(
    { ...provinceQueries.byCode(wanted.kind === 'name' ? wanted.name : ''), enabled: wanted.kind === 'name', retry: false },
    queryClient,
  );
  const byId = useQuery(
    { ...provinceQueries.detail(wanted.kind === 'id' ? wanted.id : 0), enabled: wanted.kind === 'id', retry: false },
    queryClient,
  );
  const lookup = wanted.kind === 'id' ? byId : byName;
  const province = lookup.data;
  const id = province?.id ?? 0;
  const types = useQuery({ ...provinceQueries.types(id), enabled: Boolean(province), retry: false }, queryClient);
  const cultures = useQuery({ ...provinceQueries.cultures(id, { page: 1, size: 50 }), enabled: Boolean(province) }, queryClient);

  useEffect(() => {
    if (province) document.title = `${province.name} · 区域 · 非遗中国`;
  }, [province]);

  if (wanted.kind === 'none') {
    return (
      <section className="mt-6">
        <h1 className="font-serif text-3xl md:text-4xl">区域非遗</h1>
        <p className="mt-4 max-w-[36em] leading-8 opacity-90">选择一个省级行政区，看看当地的非物质文化遗产。</p>
      </section>
    );
  }
  const asked = wanted.kind === 'name' ? wanted.name : `编号 ${wanted.id}`;
  return (
    <section aria-live="polite" className="mt-6">
      {lookup.isPending && (
        <div aria-hidden="true" className="space-y-3">
          <div className="skeleton h-10 w-48" />
          <div className="skeleton h-4 w-full max-w-xl" />
        </div>
      )}
      {lookup.isError && <h1 className="mb-4 font-serif text-3xl md:text-4xl">区域非遗</h1>}
      {lookup.isError && (
        <p role="alert" className="alert alert-warning">
          {isNotFound(lookup.error) ? `未找到该省份（${asked}），请从下面的列表中选择。` : '获取文化数据失败'}
        </p>
      )}
      {province && (
        <>
          <h1 className="font-serif text-3xl md:text-4xl">{province.fullName}</h1>
          <p className="mt-4 max-w-[36em] leading-8 opacity-90">{province.culture || DEFAULT_BLURB}</p>
          <h2 className="mt-10 mb-4 font-serif text-2xl">{province.name}的非遗项目</h2>
          {cultures.isError && (
            <div role="alert" className="alert alert-error">
              <span>加载文化数据失败，请重试</span>
              <button type="button" className="btn btn-sm" onClick={() => void cultures.refetch()}>
                重试
              </button>
            </div>
          )}
          {cultures.isPending && <div aria-hidden="true" className="skeleton h-48 w-full" />}
          {cultures.data && (
            <ProvinceCultures
              categories={categories}
              types={types.isError ? undefined : types.data}
              cultures={cultures.data.cultures}
              provinceName={province.name}
            />
          )}
        </>
      )}
    </section>
  );
}

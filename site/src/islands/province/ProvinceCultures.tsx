import type { CultureItem } from '@feiyi/contract';
import { useEffect, useMemo, useState } from 'react';
import { previewText } from '../../lib/culture/preview.ts';
import { CoverImage } from '../culture/CoverImage.tsx';
import { categoryIdFromQuery, toggleType, typeTags, type TagCategory } from '../../lib/province/type-tags.ts';

export interface ProvinceCulturesProps {
  categories: TagCategory[];
  /** The types the province has; undefined when the list could not be read (then no tag is disabled). */
  types: string[] | undefined;
  cultures: CultureItem[];
  provinceName: string;
}

/**
 * The province culture browser: type tags (absent types disabled, at most one active,
 * clicking the active one clears it, ?categoryId= honoured) over the province's cards, filtered
 * here in the page: the province's cultures all come with it, so a tag asks nothing of the API.
 */
export default function ProvinceCultures({ categories, types, cultures, provinceName }: ProvinceCulturesProps) {
  const [active, setActive] = useState<number | undefined>(undefined);
  useEffect(() => {
    setActive(
      categoryIdFromQuery(
        window.location.search,
        categories.map((c) => c.id),
      ),
    );
  }, [categories]);

  const tags = typeTags(categories, types, active);
  const activeTag = tags.find((tag) => tag.active);
  const shown = useMemo(
    () => (activeTag ? cultures.filter((c) => c.categoryId === activeTag.categoryId || c.type === activeTag.type) : cultures),
    [cultures, activeTag],
  );

  const choose = (id: number) => {
    const next = toggleType(active, id);
    setActive(next);
    const url = new URL(window.location.href);
    if (next === undefined) url.searchParams.delete('categoryId');
    else url.searchParams.set('categoryId', String(next));
    window.history.replaceState(null, '', url);
  };

  return (
    <div>
      {/* The tags submit a GET form until the island has hydrated: a tap that comes before the JavaScript
          opens ?categoryId=…, which the island applies when it starts, instead of being lost. */}
      <form method="get" onSubmit={(event) => event.preventDefault()}>
        <div role="group" aria-label="按类别筛选" className="flex flex-wrap gap-2">
          {tags.map((tag) => (
            <button
              key={tag.categoryId}
              type="submit"
              name="categoryId"
              value={tag.active ? '' : String(tag.categoryId)}
              className={`btn btn-sm ${tag.active ? 'btn-primary' : 'btn-outline btn-secondary'}`}
              disabled={tag.disabled}
              aria-pressed={tag.active}
              title={tag.disabled ? `${provinceName}暂无${tag.label}类项目` : undefined}
              onClick={(event) => {
                event.preventDefault();
                choose(tag.categoryId);
              }}
            >
              {tag.label}
            </button>
          ))}
        </div>
      </form>
      <p className="mt-4 text-sm opacity-80" aria-live="polite">
        {activeTag ? `${activeTag.label}：` : ''}共 {shown.length} 个项目
      </p>
      {shown.length === 0 ? (
        <p className="mt-6 rounded-box border border-base-300 p-6 text-center opacity-85">{provinceName}暂无该类别的文化项目</p>
      ) : (
        <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((culture) => (
            <li key={culture.id} className="card overflow-hidden border border-base-300 bg-base-200/60">
              <a href={`/culture/item/${culture.id}`} className="block text-inherit no-underline">
                <figure className="aspect-[8/5] bg-base-300">
                  <CoverImage src={culture.coverImage} alt={`${culture.title}封面`} />
                </figure>
                <div className="card-body gap-1 p-4">
                  <p className="text-xs tracking-widest text-secondary">{culture.type ?? culture.categoryName}</p>
                  <h3 className="card-title font-serif text-lg">{culture.title}</h3>
                  <p className="text-sm leading-7 opacity-85">{previewText(culture.description)}</p>
                </div>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

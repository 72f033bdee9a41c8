import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { lazyCultureSearch, preloadCultureSearch } from '../../lib/api/culture-search.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { preview } from '../../lib/format/preview.ts';
import { SEARCH_DEBOUNCE_MS, SEARCH_PREVIEW_CHARS, cultureItemHref, searchTerm, viewCountText } from './search.ts';

/** The nav's search: a button that opens a panel with the search box and up to 10 hits. */
export default function SearchPanel() {
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [term, setTerm] = useState<string | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const id = useId();

  // Typing searches 500 ms after the last keystroke; blank input clears the results at once, without a call.
  useEffect(() => {
    const next = searchTerm(input);
    if (!next) {
      setTerm(undefined);
      return;
    }
    const timer = window.setTimeout(() => setTerm(next), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input]);

  useEffect(() => {
    if (!open) return;
    inputRef.current?.focus();
    // The search client (ky, zod, the contract) starts loading as the panel opens, while the visitor types.
    void preloadCultureSearch();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const results = useQuery({ ...lazyCultureSearch(term ?? ''), enabled: term !== undefined }, queryClient);
  // Only culture articles have a page on the site so far; list items and inheritors join when /minglu is built.
  const records = term === undefined ? [] : (results.data?.records ?? []).filter((hit) => hit.kind === 'culture');

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  return (
    <div className="nav-search">
      <button
        ref={buttonRef}
        type="button"
        className="nav-icon-button"
        aria-label="搜索"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((value) => !value)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8">
          <circle cx="11" cy="11" r="6.5" />
          <path d="m16 16 4.5 4.5" strokeLinecap="round" />
        </svg>
      </button>
      <div
        ref={panelRef}
        id={`${id}-panel`}
        className="nav-search-panel"
        hidden={!open}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
      >
        <search>
          <form
            className="nav-search-form"
            onSubmit={(event) => {
              event.preventDefault();
              setTerm(searchTerm(input));
            }}
          >
            <label htmlFor={`${id}-input`} className="sr-only">
              搜索文化内容
            </label>
            <input
              ref={inputRef}
              id={`${id}-input`}
              type="search"
              className="input input-bordered w-full"
              placeholder="搜索非遗项目，如 京剧、jingju、jj"
              autoComplete="off"
              enterKeyHint="search"
              value={input}
              onChange={(event) => setInput(event.currentTarget.value)}
            />
            <button type="submit" className="btn btn-primary">
              搜索
            </button>
          </form>
        </search>
        <div aria-live="polite" className="nav-search-results">
          {term !== undefined && results.isFetching && records.length === 0 && (
            <ul aria-label="正在搜索" className="nav-search-list">
              {[0, 1, 2].map((n) => (
                <li key={n} className="nav-search-skeleton">
                  <span className="skeleton h-16 w-16 shrink-0" />
                  <span className="flex flex-1 flex-col gap-2">
                    <span className="skeleton h-4 w-1/3" />
                    <span className="skeleton h-3 w-full" />
                  </span>
                </li>
              ))}
            </ul>
          )}
          {term !== undefined && results.isError && (
            <p role="alert" className="nav-search-note text-error">
              搜索失败，请重试
            </p>
          )}
          {term !== undefined && results.isSuccess && records.length === 0 && <p className="nav-search-note">未找到相关文化内容</p>}
          {records.length > 0 && (
            <ul aria-label={`“${term}”的搜索结果`} className="nav-search-list">
              {records.map((item) => (
                <li key={item.id}>
                  <a href={cultureItemHref(item.id)} className="nav-search-hit">
                    <img src={item.coverImage || '/favicon.svg'} alt="" width="64" height="64" loading="lazy" decoding="async" />
                    <span className="min-w-0 flex-1">
                      <span className="nav-search-title">{item.title}</span>
                      <span className="nav-search-meta">
                        {item.categoryName ?? item.type ?? '非遗'} · {viewCountText(item.viewCount)}
                      </span>
                      <span className="nav-search-text">{preview(item.content, SEARCH_PREVIEW_CHARS)}</span>
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}

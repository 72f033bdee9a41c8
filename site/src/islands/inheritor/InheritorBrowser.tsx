import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ApiError } from '../../lib/api/errors.ts';
import { type fetchInheritorPage, inheritorListFor } from '../../lib/api/inheritor.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { loginHref, TEXT } from '../../lib/api/rules.ts';
import { readSession, subscribeSession } from '../../lib/api/session.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import InheritorCard from './InheritorCard.tsx';
import InheritorDialog, { type ShownInheritor } from './InheritorDialog.tsx';
import InheritorPager from './InheritorPager.tsx';
import {
  CATEGORIES,
  type CategoryId,
  categoryFrom,
  DEFAULT_CATEGORY,
  DEFAULT_PAGE_SIZE,
  listFailureText,
  SAMPLE_INHERITORS,
} from '../../lib/inheritor/rules.ts';
import { useClientStore } from '../../lib/ui/use-client-store.ts';

type ListAnswer = Awaited<ReturnType<typeof fetchInheritorPage>>;

interface Props {
  /** The default category's first page in the public view, read when the page was built (shown to guests at once). */
  firstPage: ListAnswer;
}

const SKELETONS = 6;
const PANEL_ID = 'inheritor-panel';
const tabId = (id: number) => `inheritor-tab-${id}`;
const LOGIN_HREF = loginHref('/inheritors#baodao');

/**
 * The national inheritors by category: the 10-category menu (a tablist, default 66), the heading,
 * 6 skeleton cards while loading, the cards, the detail dialog, the pagination bar, the guest alert, and on a 401/403
 * the 3 sample inheritors with the guest warning. The category follows the address (?category=67).
 */
export default function InheritorBrowser({ firstPage }: Props) {
  const session = useClientStore(subscribeSession, readSession, undefined);
  const viewer = session ? 'user' : 'guest';
  const [category, setCategory] = useState<CategoryId>(DEFAULT_CATEGORY);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [open, setOpen] = useState<ShownInheritor | undefined>();
  const panel = useRef<HTMLDivElement>(null);
  const tabs = useRef(new Map<number, HTMLButtonElement>());

  useEffect(() => {
    setCategory(categoryFrom(new URLSearchParams(window.location.search).get('category')));
  }, []);

  const built = viewer === 'guest' && category === DEFAULT_CATEGORY && page === 1 && size === DEFAULT_PAGE_SIZE;
  const list = useQuery({ ...inheritorListFor(category, page, size, viewer), initialData: built ? firstPage : undefined }, queryClient);

  const refused = list.error instanceof ApiError && list.error.isAuth;
  const title = CATEGORIES.find((c) => c.id === category)!.title;

  function choose(id: CategoryId, focus = false) {
    setCategory(id);
    setPage(1);
    const url = new URL(window.location.href);
    url.searchParams.set('category', String(id));
    window.history.replaceState(window.history.state, '', url);
    if (focus) tabs.current.get(id)?.focus();
  }

  function onTabKey(event: KeyboardEvent<HTMLElement>, index: number) {
    const last = CATEGORIES.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % CATEGORIES.length
        : event.key === 'ArrowLeft'
          ? (index + last) % CATEGORIES.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    choose(CATEGORIES[next]!.id, true);
  }

  function toPage(next: number) {
    setPage(next);
    const top = panel.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) panel.current?.scrollIntoView({ block: 'start' });
  }

  const answer = list.data;
  return (
    <div>
      <div role="tablist" aria-label="传承人类别" className="flex gap-1 overflow-x-auto border-b border-base-300 pb-px">
        {CATEGORIES.map((c, index) => {
          const selected = c.id === category;
          return (
            <button
              key={c.id}
              ref={(element) => {
                if (element) tabs.current.set(c.id, element);
              }}
              id={tabId(c.id)}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={PANEL_ID}
              tabIndex={selected ? 0 : -1}
              className={`-mb-px shrink-0 border-b-2 px-3 py-2 text-[15px] whitespace-nowrap transition-colors duration-200 ${
                selected ? 'border-primary font-semibold text-primary' : 'border-transparent hover:border-base-300'
              }`}
              onClick={() => choose(c.id)}
              onKeyDown={(event) => onTabKey(event, index)}
            >
              {c.title}
            </button>
          );
        })}
      </div>

      <div ref={panel} id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(category)} className="scroll-mt-24 pt-6">
        <h3 className="font-serif text-xl md:text-2xl">
          {title}
          {MESSAGES.inheritor.headingSuffix}
        </h3>

        {(refused || answer?.guest) && (
          <div role="status" className={`alert mt-4 ${refused ? 'alert-warning' : 'alert-info'} alert-soft`}>
            <span>
              {MESSAGES.inheritor.guestAlert}
              <a className="link ml-2 font-semibold" href={LOGIN_HREF}>
                登录
              </a>
            </span>
          </div>
        )}

        {refused ? (
          <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {SAMPLE_INHERITORS.map((sample) => (
              <InheritorCard
                key={sample.id}
                name={sample.inheritorName}
                skillType={sample.skillType}
                profileImages={sample.profileImages}
                onOpen={() => setOpen(sample)}
              />
            ))}
          </ul>
        ) : list.isError ? (
          <div role="alert" className="alert alert-error alert-soft mt-6">
            <span>{listFailureText(list.error instanceof ApiError ? list.error : { kind: 'config', message: TEXT.config })}</span>
            <button type="button" className="btn btn-sm" onClick={() => void list.refetch()}>
              重新加载
            </button>
          </div>
        ) : !answer ? (
          <>
            <p role="status" className="sr-only">
              正在加载{title}传承人
            </p>
            <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" aria-hidden="true" data-skeleton>
              {Array.from({ length: SKELETONS }, (_, i) => (
                <li key={i} className="rounded-box border border-base-300 p-3">
                  <div className="skeleton aspect-square w-full" />
                  <div className="skeleton mx-auto mt-3 h-5 w-1/2" />
                  <div className="skeleton mx-auto mt-2 h-4 w-3/4" />
                </li>
              ))}
            </ul>
          </>
        ) : answer.page.records.length === 0 ? (
          <p className="mt-6 rounded-box border border-base-300 p-6 text-center">{MESSAGES.inheritor.empty}</p>
        ) : (
          <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" aria-busy={list.isFetching}>
            {answer.page.records.map((person) => (
              <InheritorCard
                key={person.id}
                name={person.inheritorName}
                skillType={person.skillType}
                profileImages={person.profileImages}
                onOpen={() => setOpen(person)}
              />
            ))}
          </ul>
        )}

        {!refused && answer && answer.page.total > 0 && (
          <InheritorPager
            total={answer.page.total}
            page={page}
            size={size}
            onPage={toPage}
            onSize={(next) => {
              setSize(next);
              setPage(1);
            }}
          />
        )}
      </div>

      {open && <InheritorDialog inheritor={open} onClose={() => setOpen(undefined)} />}
    </div>
  );
}

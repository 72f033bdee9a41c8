import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { userQueries } from '../../lib/api/auth.ts';
import { favouriteQueries } from '../../lib/api/favourite.ts';
import { profileQueries } from '../../lib/api/profile.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { loginHref } from '../../lib/api/rules.ts';
import { readSession, subscribeSession } from '../../lib/api/session.ts';
import { FAVOURITE_PAGE_SIZE } from '../../lib/profile/lists.ts';
import { type Section, SECTION_TITLES, sectionFrom, sectionHref } from '../../lib/profile/sections.ts';
import type { SkillCategory, SkillLookup } from '../../lib/profile/skills.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import FavouriteSection from './FavouriteSection.tsx';
import ProfileCard from './ProfileCard.tsx';
import SkillChart from './SkillChart.tsx';
import { GridSkeleton } from './parts.tsx';
import { useClientStore } from '../../lib/ui/use-client-store.ts';

// Favourites is the section most visits open (the default); the others load with their first visit, so the page's
// first load parses only what it shows.
const SECTION_MODULES = {
  achievement: () => import('./AchievementSection.tsx'),
  address: () => import('./AddressSection.tsx'),
  appointment: () => import('./BookingSection.tsx'),
  follow: () => import('./FollowSection.tsx'),
  history: () => import('./HistorySection.tsx'),
  'upload-avatar': () => import('./ImageSection.tsx'),
  'upload-background': () => import('./ImageSection.tsx'),
  order: () => import('./OrderSection.tsx'),
  username: () => import('./UsernameSection.tsx'),
} satisfies Partial<Record<Section, () => Promise<unknown>>>;
const AchievementSection = lazy(SECTION_MODULES.achievement);
const AddressSection = lazy(SECTION_MODULES.address);
const BookingSection = lazy(SECTION_MODULES.appointment);
const FollowSection = lazy(SECTION_MODULES.follow);
const HistorySection = lazy(SECTION_MODULES.history);
const ImageSection = lazy(SECTION_MODULES['upload-avatar']);
const OrderSection = lazy(SECTION_MODULES.order);
const UsernameSection = lazy(SECTION_MODULES.username);

/**
 * The first screen's reads start as this module runs, before the island hydrates: the statistics, the stored user's
 * refresh and the first page of favourites (or the chosen section's code). The island's own queries then find them
 * under the same keys, in flight or answered, rather than asking only after hydrating, two renders and their effects
 * (a trace of /profile on a slow phone had the first request go out ≈ 0.6 s after the island's code had arrived).
 * A guest asks for nothing (the layout's guard sends them to /login).
 */
function startFirstScreen() {
  if (!readSession()) return;
  const section = sectionFrom(window.location.search);
  const reads: Promise<unknown>[] = [queryClient.prefetchQuery(profileQueries.stats()), queryClient.prefetchQuery(userQueries.info())];
  if (section === 'favorite') reads.push(queryClient.prefetchQuery(favouriteQueries.list(1, FAVOURITE_PAGE_SIZE)));
  else reads.push(SECTION_MODULES[section]().catch(() => undefined));
  // Once they are in and drawn, the heading font may load (islands/shell/serif-font.ts holds it for this page, whose
  // element carries data-serif-after-first-screen): its slices then never share the network with this screen's data
  // and pictures.
  void Promise.allSettled(reads).then(() =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        document.documentElement.setAttribute('data-first-screen', '');
        window.dispatchEvent(new Event('feiyi:first-screen'));
      }),
    ),
  );
}
if (typeof window !== 'undefined') startFirstScreen();

interface Props {
  /** The 10 skill categories, in order. */
  categories: SkillCategory[];
  /** Built with the page from the published content: what each culture item and heritage page belongs to. */
  lookup: Pick<SkillLookup, 'cultures' | 'heritage'> & { cultureTitles: Record<number, string> };
}

const NAVIGATED = 'feiyi:profile-section';

function subscribeLocation(listener: () => void) {
  window.addEventListener('popstate', listener);
  window.addEventListener(NAVIGATED, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener(NAVIGATED, listener);
  };
}

const currentTarget = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/** The page before it knows the visitor: the panels' shapes, so nothing moves when they fill in. */
function PageSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]" aria-hidden="true" data-skeleton>
      <div className="overflow-hidden rounded-box border border-base-300 bg-base-100">
        <div className="skeleton h-28 rounded-none sm:h-32" />
        <div className="space-y-3 p-5">
          <div className="skeleton -mt-14 h-20 w-20 rounded-full" />
          <div className="skeleton h-6 w-1/2" />
          <div className="skeleton h-16 w-full" />
        </div>
      </div>
      <div className="space-y-4">
        <div className="skeleton h-8 w-40" />
        <GridSkeleton />
      </div>
    </div>
  );
}

/**
 * The personal centre (/profile): the left panel and the section chosen by `?section=` (default
 * favorite). Switching sections changes the address without a reload; each section's data stays cached, so going
 * back to a section shows it at once. A guest is sent to /login with the full target (also done before the first
 * paint by the layout's guard); when the logged-in user changes in another tab, everything cached is dropped.
 */
export default function ProfilePage({ categories, lookup }: Props) {
  const session = useClientStore(subscribeSession, readSession, undefined);
  const search = useClientStore(subscribeLocation, () => window.location.search, null);
  const section = search === null ? undefined : sectionFrom(search);
  const userId = session?.user.id;
  const [owner, setOwner] = useState<number | undefined>();
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useQuery({ ...userQueries.info(), enabled: owner !== undefined }, queryClient);

  useEffect(() => {
    if (!readSession()) window.location.replace(loginHref(currentTarget()));
  }, [session]);

  // Another user logged in (in another tab): nothing of the previous user's may show.
  useEffect(() => {
    if (userId === undefined) return;
    setOwner((previous) => {
      if (previous !== undefined && previous !== userId) queryClient.clear();
      return userId;
    });
  }, [userId]);

  useEffect(() => {
    if (!section) return;
    document.title = `${SECTION_TITLES[section]} · 个人中心 · 非遗中国`;
    // After a switch (not on arrival) the new section's heading takes the focus, so keyboard and screen reader
    // users land on what changed.
    if (moved.current) heading.current?.focus();
  }, [section]);

  function go(next: Section) {
    moved.current = true;
    if (next !== section) {
      window.history.pushState(null, '', sectionHref(next));
      window.dispatchEvent(new Event(NAVIGATED));
    } else {
      heading.current?.focus();
    }
  }

  if (!section) return <PageSkeleton />;
  if (!session)
    return (
      <div role="alert" className="alert alert-warning">
        <span>
          {MESSAGES.favourite.notLoggedIn}，
          <a className="link" href={loginHref(currentTarget())}>
            请先登录
          </a>
        </span>
      </div>
    );
  if (owner !== session.user.id) return <PageSkeleton />;

  const user = session.user;
  let body;
  switch (section) {
    case 'follow':
      body = <FollowSection />;
      break;
    case 'favorite':
      body = <FavouriteSection />;
      break;
    case 'appointment':
      body = <BookingSection />;
      break;
    case 'achievement':
      body = <AchievementSection userId={user.id} />;
      break;
    case 'history':
      body = <HistorySection cultureTitles={lookup.cultureTitles} />;
      break;
    case 'order':
      body = <OrderSection />;
      break;
    case 'address':
      body = <AddressSection />;
      break;
    case 'username':
      body = <UsernameSection current={user.username} />;
      break;
    case 'upload-avatar':
      body = <ImageSection kind="avatar" current={user.avatar} />;
      break;
    case 'upload-background':
      body = <ImageSection kind="background" current={user.backgroundImage} />;
      break;
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr]" data-profile={section}>
      <aside aria-label="我的资料" className="lg:col-start-1 lg:row-start-1">
        <ProfileCard user={user} section={section} go={go} />
      </aside>
      <section
        aria-labelledby="profile-section-title"
        className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1"
        data-section={section}
      >
        <h2
          id="profile-section-title"
          ref={heading}
          tabIndex={-1}
          className="mb-5 font-serif text-2xl focus:outline-none focus-visible:outline-2 focus-visible:outline-secondary"
        >
          {SECTION_TITLES[section]}
        </h2>
        <div key={section}>
          <Suspense fallback={<GridSkeleton />}>{body}</Suspense>
        </div>
      </section>
      <div className="lg:col-start-1 lg:row-start-2">
        <SkillChart categories={categories} lookup={lookup} />
      </div>
    </div>
  );
}

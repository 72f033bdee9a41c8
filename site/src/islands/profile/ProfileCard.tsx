import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import { profileQueries } from '../../lib/api/profile.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import type { StoredUser } from '../../lib/api/session.ts';
import { type Section, sectionHref } from '../../lib/profile/sections.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import { DEFAULT_AVATAR } from '../../lib/profile/avatar.ts';
import { DEFAULT_BANNER } from './parts.tsx';

interface Props {
  user: StoredUser;
  section: Section;
  go: (section: Section) => void;
}

const ICONS: Record<'history' | 'address' | 'username' | 'close' | 'more', ReactNode> = {
  history: <path d="M12 7v5l3 2M4 12a8 8 0 1 0 2.3-5.7M4 4v3h3" />,
  address: (
    <>
      <path d="M12 21s-6-5.6-6-11a6 6 0 0 1 12 0c0 5.4-6 11-6 11z" />
      <circle cx="12" cy="10" r="2.2" />
    </>
  ),
  username: <path d="M4 20h4l10-10-4-4L4 16v4zM13 7l4 4" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  // Dots, not the site menu's three bars.
  more: (
    <>
      <circle cx="5" cy="12" r="1.4" fill="currentColor" />
      <circle cx="12" cy="12" r="1.4" fill="currentColor" />
      <circle cx="19" cy="12" r="1.4" fill="currentColor" />
    </>
  ),
};

function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {ICONS[name]}
    </svg>
  );
}

/**
 * The left panel: background with its change button, the avatar (click to change), the username, the
 * expandable icon menu (history, address, username, close) and the statistics, whose labels open their sections.
 */
export default function ProfileCard({ user, section, go }: Props) {
  const stats = useQuery(profileQueries.stats(), queryClient);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const link = (target: Section, children: ReactNode, className: string, label?: string) => (
    <a
      href={sectionHref(target)}
      className={className}
      aria-current={section === target ? 'page' : undefined}
      aria-label={label}
      title={label}
      onClick={(event) => {
        event.preventDefault();
        go(target);
      }}
    >
      {children}
    </a>
  );
  const count = (value: number | undefined) => (stats.isError ? '—' : value === undefined ? '…' : String(value));

  return (
    <div className="overflow-hidden rounded-box border border-base-300 bg-base-100" data-profile-card>
      <div
        className={`relative h-28 sm:h-32 ${user.backgroundImage ? 'bg-base-300 bg-cover bg-center' : DEFAULT_BANNER}`}
        style={user.backgroundImage ? { backgroundImage: `url("${encodeURI(user.backgroundImage)}")` } : undefined}
        data-banner
      >
        {link(
          'upload-background',
          <>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8">
              <rect x="3" y="5" width="18" height="14" rx="2" />
              <path d="M3 16l5-5 4 4 3-3 6 6" />
            </svg>
            更换背景
          </>,
          'btn btn-xs absolute top-3 right-3 border-base-300 bg-base-100/90 text-base-content hover:bg-base-100',
        )}
      </div>
      <div className="px-5 pb-5">
        <div className="-mt-10 flex items-end justify-between gap-3">
          {link(
            'upload-avatar',
            <>
              <img
                src={user.avatar || DEFAULT_AVATAR}
                alt=""
                width="80"
                height="80"
                className="h-20 w-20 rounded-full border-4 border-base-100 bg-base-200 object-cover"
                onError={(event) => {
                  if (!event.currentTarget.src.endsWith(DEFAULT_AVATAR)) event.currentTarget.src = DEFAULT_AVATAR;
                }}
              />
              <span className="absolute inset-1 grid place-items-center rounded-full bg-neutral/70 text-xs text-neutral-content opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
                更换
              </span>
            </>,
            'group relative block rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary',
            '更换头像',
          )}
          <div className="flex items-center gap-1" data-icon-menu>
            <ul id={menuId} className="flex items-center gap-1" aria-label="快捷操作" hidden={!menuOpen}>
              <li>{link('history', <Icon name="history" />, 'btn btn-ghost btn-sm btn-square', '浏览记录')}</li>
              <li>{link('address', <Icon name="address" />, 'btn btn-ghost btn-sm btn-square', '收货地址')}</li>
              <li>{link('username', <Icon name="username" />, 'btn btn-ghost btn-sm btn-square', '修改用户名')}</li>
              <li>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm btn-square"
                  aria-label="收起菜单"
                  onClick={() => {
                    setMenuOpen(false);
                    // The toggle shows again in the next frame: focus goes back to it.
                    requestAnimationFrame(() => toggle.current?.focus());
                  }}
                >
                  <Icon name="close" />
                </button>
              </li>
            </ul>
            <button
              ref={toggle}
              type="button"
              className="btn btn-ghost btn-sm btn-square"
              aria-label="展开快捷菜单"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              hidden={menuOpen}
              onClick={() => {
                setMenuOpen(true);
                requestAnimationFrame(() => document.getElementById(menuId)?.querySelector('a')?.focus());
              }}
            >
              <Icon name="more" />
            </button>
          </div>
        </div>
        <p className="mt-3 font-serif text-2xl break-all" data-username>
          {user.username}
        </p>
        <nav aria-label="个人中心栏目" className="mt-4">
          <ul className="grid grid-cols-3 gap-2 text-center" data-stats>
            {(
              [
                ['follow', '关注', stats.data?.follows],
                ['favorite', '收藏', stats.data?.favourites],
                ['appointment', '预约', stats.data?.bookings],
              ] as const
            ).map(([target, label, value]) => (
              <li key={target}>
                {link(
                  target,
                  <>
                    <span className="block font-serif text-xl" data-stat={target}>
                      {count(value)}
                    </span>
                    <span className="block text-sm">{label}</span>
                  </>,
                  'block rounded-box border border-base-300 px-2 py-2 hover:bg-base-200 aria-[current=page]:border-secondary aria-[current=page]:bg-base-200',
                )}
              </li>
            ))}
          </ul>
          <ul className="mt-3 grid grid-cols-4 gap-1 text-center text-sm">
            {(
              [
                ['order', '订单'],
                ['achievement', '成就'],
                ['history', '浏览记录'],
                ['address', '地址'],
              ] as const
            ).map(([target, label]) => (
              <li key={target}>
                {link(
                  target,
                  label,
                  'block rounded px-1 py-2 link-hover hover:bg-base-200 aria-[current=page]:bg-base-200 aria-[current=page]:font-medium aria-[current=page]:text-secondary',
                )}
              </li>
            ))}
          </ul>
          {stats.isError && <p className="mt-2 text-xs text-error">{MESSAGES.profile.statsFailed}</p>}
        </nav>
      </div>
    </div>
  );
}

import { useSyncExternalStore } from 'react';
import { needsLogin } from '../../lib/api/rules.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { clearSession, readSession, subscribeSession } from '../../lib/api/session.ts';
import { confirmDialog } from '../../lib/ui/confirm.ts';
import { notify } from '../../lib/ui/toast.ts';

export const DEFAULT_AVATAR = '/images/avatar-default.svg';

/** The nav's avatar (→ /profile or /login) and, when logged in, the logout button. Follows storage changes. */
export default function NavUser() {
  const session = useSyncExternalStore(subscribeSession, readSession, () => undefined);

  async function onLogout() {
    if (!(await confirmDialog('确定要退出登录吗？', { title: '退出登录' }))) return;
    try {
      // The API client (ky, zod) loads only now: the nav is on every page, and logging out is rare.
      const { logout } = await import('../../lib/api/auth.ts');
      await logout();
    } catch {
      // Logged out locally whatever the server said (or if the client could not load).
      clearSession();
    }
    queryClient.clear();
    notify.success('已退出登录');
    if (needsLogin(window.location.pathname)) window.location.assign('/');
  }

  const user = session?.user;
  return (
    <div className="nav-user">
      <a
        className="nav-avatar"
        href={user ? '/profile' : '/login'}
        // The visible name starts the accessible one (WCAG 2.5.3, label in name).
        aria-label={user ? `${user.username} 的个人中心` : '登录'}
        title={user ? user.username : '登录'}
      >
        <img
          src={user?.avatar || DEFAULT_AVATAR}
          alt=""
          width="32"
          height="32"
          onError={(event) => {
            if (!event.currentTarget.src.endsWith(DEFAULT_AVATAR)) event.currentTarget.src = DEFAULT_AVATAR;
          }}
        />
        <span className="nav-user-name">{user ? user.username : '登录'}</span>
      </a>
      {user && (
        <button type="button" className="nav-icon-button" onClick={() => void onLogout()} aria-label="退出登录" title="退出登录">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l5-5-5-5M15 12H4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      )}
    </div>
  );
}

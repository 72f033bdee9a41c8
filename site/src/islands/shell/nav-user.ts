/**
 * The nav's avatar (→ /profile or /login) and, when logged in, the logout button: plain DOM over the header's static
 * markup, so that no page loads a framework for the bar on every page. Follows login changes in this tab and in others.
 */
import { type Session, clearSession, readSession, subscribeSession } from '../../lib/api/session.ts';
import { DEFAULT_AVATAR } from '../../lib/profile/avatar.ts';

/** What the avatar link shows for a login state: its address, accessible name, title, picture and visible name. */
export function avatarView(session: Session | undefined) {
  const user = session?.user;
  return {
    href: user ? '/profile' : '/login',
    // The visible name starts the accessible one (WCAG 2.5.3, label in name).
    label: user ? `${user.username} 的个人中心` : '登录',
    title: user ? user.username : '登录',
    image: user?.avatar || DEFAULT_AVATAR,
    name: user ? user.username : '登录',
    loggedIn: Boolean(user),
  };
}

async function logout() {
  // What logging out needs loads when it is asked for: the nav is on every page, and logging out is rare.
  const [{ confirmDialog }, { notify }, { needsLogin }] = await Promise.all([
    import('../../lib/ui/confirm.ts'),
    import('../../lib/ui/toast.ts'),
    import('../../lib/api/rules.ts'),
  ]);
  if (!(await confirmDialog('确定要退出登录吗？', { title: '退出登录' }))) return;
  try {
    const { logout: callLogout } = await import('../../lib/api/auth.ts');
    await callLogout();
  } catch {
    // Logged out locally whatever the server said (or if the client could not load).
    clearSession();
  }
  // The islands' shared cache holds this visitor's data: forget it (loaded only if an island already did).
  const { queryClient } = await import('../../lib/api/query-client.ts');
  queryClient.clear();
  notify.success('已退出登录');
  if (needsLogin(window.location.pathname)) window.location.assign('/');
}

export function setupNavUser(root: HTMLElement) {
  const link = root.querySelector<HTMLAnchorElement>('[data-nav-avatar]');
  const image = link?.querySelector('img');
  const name = link?.querySelector('[data-nav-user-name]');
  const button = root.querySelector<HTMLButtonElement>('[data-nav-logout]');
  if (!link || !image || !name || !button) return;
  image.addEventListener('error', () => {
    if (!image.src.endsWith(DEFAULT_AVATAR)) image.src = DEFAULT_AVATAR;
  });
  let shown: string | undefined;
  const render = () => {
    const view = avatarView(readSession());
    const key = JSON.stringify(view);
    if (key === shown) return;
    shown = key;
    link.href = view.href;
    link.setAttribute('aria-label', view.label);
    link.title = view.title;
    if (image.getAttribute('src') !== view.image) image.src = view.image;
    name.textContent = view.name;
    button.hidden = !view.loggedIn;
  };
  button.addEventListener('click', () => void logout());
  render();
  subscribeSession(render);
}

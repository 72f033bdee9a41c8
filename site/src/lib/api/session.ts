/**
 * The login state: token and user in localStorage under 'token' and 'user', read by every island.
 * A user that cannot be read counts as logged out. Changes in this tab and in other
 * tabs (the storage event) reach subscribers, so the nav re-checks the login state when storage changes.
 */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
const CHANGE_EVENT = 'feiyi:session';

/** What is kept of the user: its id, username, avatar and backgroundImage (email for the profile form). */
export interface StoredUser {
  id: number;
  username: string;
  avatar: string;
  backgroundImage: string;
  email: string;
}

/**
 * Reads a stored user: a positive whole id and a username are required, the rest default to ''. Checked by hand, not
 * with zod: every page's nav reads the login, and zod would add ≈ 24 KB gzip to every page's first load.
 */
export function readStoredUser(value: unknown): StoredUser | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : record[key] === undefined ? '' : undefined);
  const { id, username } = record;
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) return undefined;
  if (typeof username !== 'string' || username.length === 0) return undefined;
  const avatar = text('avatar');
  const backgroundImage = text('backgroundImage');
  const email = text('email');
  if (avatar === undefined || backgroundImage === undefined || email === undefined) return undefined;
  return { id, username, avatar, backgroundImage, email };
}

export interface Session {
  token: string;
  user: StoredUser;
}

const storage = (): Storage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
};

/** Parses the stored pair; undefined when either part is missing or unreadable. */
export function parseSession(token: string | null, user: string | null): Session | undefined {
  if (!token || !user) return undefined;
  try {
    const parsed = readStoredUser(JSON.parse(user));
    return parsed ? { token, user: parsed } : undefined;
  } catch {
    return undefined;
  }
}

let cached: { token: string | null; user: string | null; session: Session | undefined } | undefined;

export function readSession(): Session | undefined {
  const store = storage();
  if (!store) return undefined;
  const token = store.getItem(TOKEN_KEY);
  const user = store.getItem(USER_KEY);
  if (cached && cached.token === token && cached.user === user) return cached.session;
  // Half a login (a token without a readable user, or the reverse) counts as logged out. Nothing is deleted here:
  // another tab may be halfway through writing both.
  const session = parseSession(token, user);
  cached = { token, user, session };
  return session;
}

export const readToken = (): string | undefined => readSession()?.token;

function announce() {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** A user as the API answers it: id and username, the rest optional. */
export type StoredUserInput = Pick<StoredUser, 'id' | 'username'> & Partial<Pick<StoredUser, 'avatar' | 'backgroundImage' | 'email'>>;

export function saveSession(token: string, user: StoredUserInput): void {
  const store = storage();
  if (!store) return;
  const kept = readStoredUser(user);
  if (!kept) throw new TypeError('stored user needs a positive id and a username');
  store.setItem(TOKEN_KEY, token);
  store.setItem(USER_KEY, JSON.stringify(kept));
  announce();
}

/** Replaces the stored user (after a profile change or GET /api/user/info), keeping the token. */
export function saveUser(user: StoredUserInput): void {
  const token = readToken();
  if (token) saveSession(token, user);
}

export function clearSession(): void {
  const store = storage();
  if (!store) return;
  store.removeItem(TOKEN_KEY);
  store.removeItem(USER_KEY);
  announce();
}

/** Calls `listener` whenever the login state may have changed, in this tab or another. */
export function subscribeSession(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, listener);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, listener);
  };
}

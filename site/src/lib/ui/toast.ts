/**
 * Toasts: short messages in a daisyUI toast stack at the top of the page, announced to screen readers
 * (errors assertively). Plain DOM, so the API module and every island share one stack without a provider.
 */
export type ToastLevel = 'success' | 'info' | 'warning' | 'error';

const STACK_ID = 'toast-stack';
const SHOWN_MS = { success: 3000, info: 3000, warning: 4000, error: 5000 } as const;
const ALERT_CLASS = { success: 'alert-success', info: 'alert-info', warning: 'alert-warning', error: 'alert-error' } as const;

function stack(level: ToastLevel): HTMLElement {
  const id = level === 'error' ? `${STACK_ID}-alert` : STACK_ID;
  let element = document.getElementById(id);
  if (!element) {
    element = document.createElement('div');
    element.id = id;
    element.className = 'toast toast-top toast-center z-[100]';
    element.setAttribute('role', level === 'error' ? 'alert' : 'status');
    element.setAttribute('aria-live', level === 'error' ? 'assertive' : 'polite');
    document.body.append(element);
  }
  return element;
}

export function toast(level: ToastLevel, message: string): void {
  if (typeof document === 'undefined' || !message) return;
  const item = document.createElement('div');
  item.className = `alert ${ALERT_CLASS[level]} shadow-sm text-[15px] max-w-[90vw]`;
  item.dataset.toast = level;
  const text = document.createElement('span');
  text.textContent = message;
  item.append(text);
  stack(level).append(item);
  window.setTimeout(() => item.remove(), SHOWN_MS[level]);
}

/** A message that must survive the page being left for another (sessionStorage, read once by that page). */
const CARRIED_KEY = 'toast-carried';
const CARRIED_FOR_MS = 10_000;

function carry(level: ToastLevel, message: string, toPath: string): void {
  toast(level, message);
  try {
    window.sessionStorage.setItem(CARRIED_KEY, JSON.stringify({ level, message, toPath, at: Date.now() }));
  } catch {
    // Storage refused (private mode, quota): the message is still shown on this page.
  }
}

/** Shows a carried message on the page it was meant for (and only there: a later page never repeats it). */
function showCarried(): void {
  let carried: { level?: unknown; message?: unknown; toPath?: unknown; at?: unknown } | undefined;
  try {
    const raw = window.sessionStorage.getItem(CARRIED_KEY);
    window.sessionStorage.removeItem(CARRIED_KEY);
    carried = raw ? (JSON.parse(raw) as typeof carried) : undefined;
  } catch {
    return;
  }
  const level = carried?.level;
  if (
    carried &&
    typeof carried.message === 'string' &&
    (level === 'success' || level === 'info' || level === 'warning' || level === 'error') &&
    typeof carried.toPath === 'string' &&
    window.location.pathname.replace(/\/+$/, '') === carried.toPath &&
    typeof carried.at === 'number' &&
    Date.now() - carried.at < CARRIED_FOR_MS
  ) {
    toast(level, carried.message);
  }
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', showCarried, { once: true });
  else showCarried();
}

export const notify = {
  success: (message: string) => toast('success', message),
  info: (message: string) => toast('info', message),
  warning: (message: string) => toast('warning', message),
  error: (message: string) => toast('error', message),
  /** A warning shown now and again on `toPath` ('/login'): for a message given just before sending the visitor there. */
  warningAcrossNavigation: (message: string, toPath: string) => carry('warning', message, toPath),
};

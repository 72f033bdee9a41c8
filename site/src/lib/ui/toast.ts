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

export const notify = {
  success: (message: string) => toast('success', message),
  info: (message: string) => toast('info', message),
  warning: (message: string) => toast('warning', message),
  error: (message: string) => toast('error', message),
};

import { type Dispatch, type RefObject, type SetStateAction, useLayoutEffect } from 'react';

/**
 * A form that hydrates when the visitor first comes to it (client:interaction) may already hold what they typed, or
 * what the browser filled in, before its script ran: those values are taken into the form's state once it runs, so
 * that nothing typed is lost and the checks see what the fields show. A layout effect, run as the island hydrates: a
 * press held until then (client:interaction) is given again a task later and must see the typed values.
 */
export function useTypedBeforeHydration<T extends { [K in keyof T]: string }>(
  form: RefObject<HTMLFormElement | null>,
  setValues: Dispatch<SetStateAction<T>>,
): void {
  useLayoutEffect(() => {
    const element = form.current;
    if (!element) return;
    const typed: Record<string, string> = {};
    for (const field of element.elements) {
      if (field instanceof HTMLInputElement && field.name && field.type !== 'file' && field.value) typed[field.name] = field.value;
    }
    if (Object.keys(typed).length === 0) return;
    setValues((values) => {
      const next: Record<string, string> = { ...values };
      for (const key of Object.keys(values)) if (typed[key] !== undefined) next[key] = typed[key];
      return next as T;
    });
    // Once, as the island starts: later changes go through the fields' own handlers.
  }, []);
}

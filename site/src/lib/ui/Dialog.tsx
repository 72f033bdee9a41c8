import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  /** The id of the element that names the dialog (its heading). */
  labelledBy: string;
  onClose: () => void;
  children: ReactNode;
  /** Esc and the backdrop close the dialog unless this is false (a payment in progress closes only by its cancel button). */
  dismissible?: boolean;
  wide?: boolean;
}

/**
 * A daisyUI modal on a native <dialog>, open while mounted: focus moves in, Esc closes it (onClose) and focus goes
 * back to the opener afterwards (the browser does this for showModal()).
 */
export default function Dialog({ labelledBy, onClose, children, dismissible = true, wide = false }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose();
      }}
    >
      <div className={`modal-box bg-base-100 ${wide ? 'max-w-2xl' : 'max-w-md'}`}>{children}</div>
      {dismissible && (
        // A click outside closes. The button is named but has no text: daisyUI fades that text to transparent,
        // and axe measured it mid-fade as low contrast.
        <form method="dialog" className="modal-backdrop" onSubmit={(event) => (event.preventDefault(), onClose())}>
          <button type="submit" tabIndex={-1} aria-label="关闭" />
        </form>
      )}
    </dialog>
  );
}

/**
 * A confirm dialog (daisyUI modal on a native <dialog>: focus moves in, Esc cancels, focus returns after).
 * Resolves true only when the visitor chooses the confirm button.
 */
export interface ConfirmOptions {
  title?: string;
  confirmText?: string;
  cancelText?: string;
}

export function confirmDialog(message: string, options: ConfirmOptions = {}): Promise<boolean> {
  const { title = '提示', confirmText = '确定', cancelText = '取消' } = options;
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const dialog = document.createElement('dialog');
  dialog.className = 'modal modal-bottom sm:modal-middle';
  const titleId = `confirm-title-${Date.now()}`;
  dialog.setAttribute('aria-labelledby', titleId);
  dialog.innerHTML = `
    <div class="modal-box max-w-sm bg-base-100">
      <h2 class="font-serif text-lg" id="${titleId}"></h2>
      <p class="mt-3 text-[15px]" data-message></p>
      <div class="modal-action">
        <button type="button" class="btn btn-ghost" value="cancel"></button>
        <button type="button" class="btn btn-primary" value="confirm"></button>
      </div>
    </div>`;
  dialog.querySelector('h2')!.textContent = title;
  dialog.querySelector('[data-message]')!.textContent = message;
  const [cancel, confirm] = Array.from(dialog.querySelectorAll('button'));
  cancel!.textContent = cancelText;
  confirm!.textContent = confirmText;
  document.body.append(dialog);

  return new Promise((resolve) => {
    let answer = false;
    const close = (value: boolean) => {
      answer = value;
      dialog.close();
    };
    cancel!.addEventListener('click', () => close(false));
    confirm!.addEventListener('click', () => close(true));
    dialog.addEventListener('close', () => {
      dialog.remove();
      opener?.focus();
      resolve(answer);
    });
    dialog.showModal();
    confirm!.focus();
  });
}

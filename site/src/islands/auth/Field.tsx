import type { InputHTMLAttributes } from 'react';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  error?: string | undefined;
}

/** A labelled input with its error message tied to it (aria-invalid, aria-describedby). */
export default function Field({ name, label, error, ...input }: Props) {
  const errorId = `${name}-error`;
  return (
    <div className="auth-field">
      <label htmlFor={name}>{label}</label>
      <input
        id={name}
        name={name}
        className={`input input-bordered w-full ${error ? 'input-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className="auth-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Moves the keyboard to the first field (in form order) that has an error. */
export function focusFirst(form: HTMLFormElement, fields: string[]) {
  const field = fields[0] ? form.elements.namedItem(fields[0]) : null;
  if (field instanceof HTMLInputElement) field.focus();
}

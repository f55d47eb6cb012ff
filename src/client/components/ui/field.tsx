import type { ReactNode } from 'react';

/** The id of a field's message (`Field` gives it to the message; inputs point `aria-describedby` at it). */
export const fieldErrorId = (htmlFor: string) => `${htmlFor}-erro`;

/** What a control says about its field's message: invalid, and described by the message `Field` shows. */
export const fieldErrorProps = (htmlFor: string, error: string | undefined) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': fieldErrorId(htmlFor) } : {};

/** The mark of a required field: shown, not read (the control itself says it is required). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-sm text-red-400">
      *
    </span>
  );
}

/**
 * A labelled form field with its validation message under it; `required` puts '*' after the label (outside the
 * <label>, so the field's name stays the label's text).
 */
export function Field({
  label,
  htmlFor,
  error,
  required,
  hideLabel,
  children,
}: {
  label: string;
  htmlFor: string;
  error?: string;
  required?: boolean;
  /** The label is read, not shown (a row whose heading already names the field). */
  hideLabel?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <label
        htmlFor={htmlFor}
        className={hideLabel ? 'sr-only' : 'inline-block text-sm font-medium text-zinc-300'}
      >
        {label}
      </label>
      {required && <RequiredMark />}
      {children}
      {error ? (
        <p id={fieldErrorId(htmlFor)} role="alert" className="text-xs text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

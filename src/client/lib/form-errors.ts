import { type RefObject, useEffect } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * The first message of a react-hook-form error tree, in the order the schema reported them (the order of the
 * form's fields): what a form shows or toasts when it answers with one message.
 */
export function firstErrorMessage<T extends FieldValues>(errors: FieldErrors<T>): string | undefined {
  const walk = (node: unknown): string | undefined => {
    if (typeof node !== 'object' || node === null) return undefined;
    const { message } = node as { message?: unknown };
    if (typeof message === 'string' && message) return message;
    for (const [key, child] of Object.entries(node)) {
      if (key === 'ref' || key === 'message' || key === 'type' || key === 'types') continue;
      const found = walk(child);
      if (found) return found;
    }
    return undefined;
  };
  return walk(errors);
}

/**
 * The one message of a form that answers a refused submit with one: `first` when any field has it (e.g. the
 * "fill in every required field" message), else the first message, else `first`.
 */
export function leadingErrorMessage<T extends FieldValues>(errors: FieldErrors<T>, first: string): string {
  const messages = Object.values(errors).map(
    (error) => (error as { message?: unknown } | undefined)?.message,
  );
  return messages.includes(first) ? first : (firstErrorMessage(errors) ?? first);
}

/**
 * For forms whose fields come and go (rows added by the member): after a refused submit, focus the first field
 * marked invalid in the page's order (react-hook-form's own focus follows the order fields registered in).
 * Use with `shouldFocusError: false`; `submitCount` and `errorCount` come from the form's state.
 */
export function useFocusFirstInvalid(
  form: RefObject<HTMLFormElement | null>,
  submitCount: number,
  errorCount: number,
) {
  useEffect(() => {
    if (submitCount === 0 || errorCount === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, submitCount, errorCount]);
}

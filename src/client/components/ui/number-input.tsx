import { type FocusEvent, forwardRef, type InputHTMLAttributes, useState } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import {
  formatTypedNumber,
  type NumberKind,
  readTypedNumber,
  type TypedNumber,
} from '../../../shared/typed-number';
import { Field, fieldErrorId } from './field';
import { Input } from './input';

/**
 * The app's one number field (money, counts, ROAS, percentages): a text input read the Brazilian way by
 * `readTypedNumber` in a browser of any language, never `type="number"`.
 * - While the member types, the text is theirs: nothing is rewritten, and the value follows each keystroke (the
 *   number, null when blank, the text itself when it cannot be read, which every schema refuses).
 * - Leaving the field shows a readable value formatted pt-BR ('1234.56' -> '1.234,56', money '97' -> '97,00');
 *   unreadable text stays as typed, with its message beside the field, until the text reads again.
 * - The form's own message (`error`: the schema's, naming the field, or the server's answer) wins over the
 *   field's reading message, which shows from the moment unreadable text is left until the text reads again.
 */

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'inputMode' | 'id'
>;

export interface NumberFieldProps extends InputProps {
  id: string;
  label: string;
  kind: NumberKind;
  value: TypedNumber | undefined;
  onValueChange: (value: TypedNumber) => void;
  /** The form's or the server's message for this field. */
  error?: string;
  /** A line under the field while it has no message ('Vazio: o roteiro diz R$ XX.'). */
  hint?: string;
  /** The label is read, not shown (Field's hideLabel). */
  hideLabel?: boolean;
}

const isBlank = (value: TypedNumber | undefined) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** The same field value: both blank, the same number, or the same text. */
function sameValue(a: TypedNumber | undefined, b: TypedNumber | undefined): boolean {
  if (isBlank(a) || isBlank(b)) return isBlank(a) && isBlank(b);
  return Object.is(a, b);
}

/** What the field shows for a value it did not type itself. */
function textOf(value: TypedNumber | undefined, kind: NumberKind): string {
  if (typeof value === 'number') return formatTypedNumber(value, kind);
  return typeof value === 'string' ? value : '';
}

/** The value of a text: the number, null when blank, the text itself when it cannot be read. */
export function typedValueOf(text: string, kind: NumberKind): TypedNumber {
  const result = readTypedNumber(text, kind);
  if (result.status === 'ok') return result.value;
  return result.status === 'blank' ? null : text;
}

const unreadable = (value: TypedNumber | undefined, kind: NumberKind) =>
  typeof value === 'string' && readTypedNumber(value, kind).status === 'invalid';

export const NumberField = forwardRef<HTMLInputElement, NumberFieldProps>(function NumberField(
  { id, label, kind, value, onValueChange, error, hint, hideLabel, onBlur, maxLength = 30, ...inputProps },
  ref,
) {
  // `source` is the value the text stands for: a different value from outside (a reset, a loaded draft)
  // replaces the text; the value this field just sent keeps it as typed.
  const [state, setState] = useState(() => ({ text: textOf(value, kind), source: value }));
  // Whether the reading message shows: after the member left unreadable text (or it came already unreadable).
  const [checked, setChecked] = useState(() => unreadable(value, kind));
  let { text } = state;
  if (!sameValue(value, state.source)) {
    text = textOf(value, kind);
    setState({ text, source: value });
    setChecked(unreadable(value, kind));
  }

  const reading = readTypedNumber(text, kind);
  const readingMessage = reading.status === 'invalid' ? reading.message : undefined;
  const message = error ?? (checked ? readingMessage : undefined);

  const change = (next: string) => {
    const nextValue = typedValueOf(next, kind);
    setState({ text: next, source: nextValue });
    if (typeof nextValue !== 'string') setChecked(false);
    onValueChange(nextValue);
  };

  const leave = (event: FocusEvent<HTMLInputElement>) => {
    if (reading.status === 'ok') {
      setState({ text: formatTypedNumber(reading.value, kind), source: reading.value });
    } else if (reading.status === 'invalid') {
      setChecked(true);
    }
    onBlur?.(event);
  };

  return (
    <Field label={label} htmlFor={id} error={message} hideLabel={hideLabel}>
      <Input
        {...inputProps}
        ref={ref}
        id={id}
        type="text"
        inputMode={kind === 'integer' ? 'numeric' : 'decimal'}
        autoComplete="off"
        spellCheck={false}
        maxLength={maxLength}
        value={text}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? fieldErrorId(id) : hint ? `${id}-dica` : inputProps['aria-describedby']}
        onChange={(event) => change(event.target.value)}
        onBlur={leave}
      />
      {hint && !message ? (
        <p id={`${id}-dica`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </Field>
  );
});

export interface NumberFormFieldProps<T extends FieldValues>
  extends Omit<NumberFieldProps, 'value' | 'onValueChange' | 'error' | 'name'> {
  control: Control<T>;
  name: FieldPath<T>;
}

/**
 * The number field inside a react-hook-form form: the form holds the field's value (a number, null when blank,
 * the text when unreadable), so the form's schema (the route's own) refuses unreadable text on submit.
 */
export function NumberFormField<T extends FieldValues>({ control, name, ...props }: NumberFormFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <NumberField
      {...props}
      ref={field.ref}
      name={field.name}
      value={field.value as TypedNumber | undefined}
      onValueChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

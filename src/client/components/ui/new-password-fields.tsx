import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './field';
import { PasswordInput } from './password-input';

type Pair<T> = readonly [password: T, confirm: T];

/**
 * A new password and its confirmation (registration, reset link, change on /perfil): the same hints everywhere;
 * each field registered with the form's own names, ids, labels and messages.
 */
export function NewPasswordFields({
  fields,
  ids,
  labels,
  errors,
  confirmPlaceholder,
}: {
  fields: Pair<UseFormRegisterReturn>;
  ids: Pair<string>;
  labels: Pair<string>;
  errors: Pair<string | undefined>;
  confirmPlaceholder: string;
}) {
  const placeholders = ['Mínimo de 6 caracteres', confirmPlaceholder] as const;
  return ([0, 1] as const).map((i) => (
    <Field key={ids[i]} label={labels[i]} htmlFor={ids[i]} error={errors[i]}>
      <PasswordInput
        id={ids[i]}
        autoComplete="new-password"
        placeholder={placeholders[i]}
        aria-invalid={errors[i] ? true : undefined}
        {...fields[i]}
      />
    </Field>
  ));
}

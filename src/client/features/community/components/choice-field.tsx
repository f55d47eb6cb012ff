import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, RequiredMark } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';

/** The note that explains the '*' of the post forms' fields. */
export function RequiredFieldsNote() {
  return (
    <p className="text-xs text-muted">
      Campos marcados com <RequiredMark /> são obrigatórios.
    </p>
  );
}

/** A required choice among the board's options ('Selecione' first), shared by both publish forms. */
export function ChoiceField({
  id,
  label,
  options,
  field,
  invalid,
}: {
  id: string;
  label: string;
  options: readonly string[];
  /** The select's react-hook-form registration (name, value changes, focus). */
  field: UseFormRegisterReturn;
  invalid: boolean;
}) {
  return (
    <Field label={label} htmlFor={id} required>
      <Select
        id={id}
        {...field}
        aria-invalid={invalid || undefined}
        required
        aria-required
        options={options}
        placeholder="Selecione"
      />
    </Field>
  );
}

/** The three required choices of a community post, stored as nicho, formato and categoria on either board. */
export interface Classification {
  nicho: string;
  formato: string;
  categoria: string;
}
export const NO_CLASSIFICATION: Classification = { nicho: '', formato: '', categoria: '' };

type ChoiceSpec = { label: string; options: readonly string[] };

/**
 * The three choices side by side (one column on a phone): each board names them and lists its own options
 * (Nicho, Formato, Categoria on the community; Categoria, Formato, Tipo on the promotion board).
 */
export function ClassificationFields({
  idPrefix,
  choices,
  field,
  invalid,
}: {
  idPrefix: string;
  choices: Record<keyof Classification, ChoiceSpec>;
  field: (key: keyof Classification) => UseFormRegisterReturn;
  invalid: (key: keyof Classification) => boolean;
}) {
  const keys = ['nicho', 'formato', 'categoria'] as const;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {keys.map((key) => (
        <ChoiceField
          key={key}
          id={`${idPrefix}-${key}`}
          label={choices[key].label}
          options={choices[key].options}
          field={field(key)}
          invalid={invalid(key)}
        />
      ))}
    </div>
  );
}

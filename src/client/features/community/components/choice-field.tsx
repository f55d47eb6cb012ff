import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';

/** A required choice among the board's options ('Selecione' first), shared by both publish forms. */
export function ChoiceField({
  id,
  label,
  value,
  options,
  onChange,
  invalid,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  invalid: boolean;
}) {
  return (
    <Field label={label} htmlFor={id}>
      <Select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        required
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
 * The three choices side by side (one column on a phone): each board names them and lists its own options (spec 02
 * §5: Nicho, Formato, Categoria on the community; Categoria, Formato, Tipo on the promotion board).
 */
export function ClassificationFields({
  idPrefix,
  choices,
  value,
  onChange,
  missing,
}: {
  idPrefix: string;
  choices: Record<keyof Classification, ChoiceSpec>;
  value: Classification;
  onChange: (value: Classification) => void;
  missing: (value: string) => boolean;
}) {
  const keys = ['nicho', 'formato', 'categoria'] as const;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {keys.map((key) => (
        <ChoiceField
          key={key}
          id={`${idPrefix}-${key}`}
          label={choices[key].label}
          value={value[key]}
          options={choices[key].options}
          onChange={(choice) => onChange({ ...value, [key]: choice })}
          invalid={missing(value[key])}
        />
      ))}
    </div>
  );
}

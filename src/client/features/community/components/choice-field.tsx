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

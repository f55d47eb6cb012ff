import type { InputHTMLAttributes, ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  nicheLabel,
  OFFER_FORMATS,
  OFFER_LANGUAGES,
  OFFER_STATUS_LABELS,
  OFFER_STATUSES,
} from '../../../shared/schemas/offers';
import type { NumberKind } from '../../../shared/typed-number';
import { Field } from '../ui/field';
import { Input, Textarea } from '../ui/input';
import { NumberFormField } from '../ui/number-input';
import { Select } from '../ui/select';

/**
 * The offer fields the member submission, /nova-oferta and both admin edit screens share. They read the
 * form through react-hook-form's context (FormProvider), so each screen keeps its own schema and messages.
 */
function useFieldError(name: string): string | undefined {
  const {
    formState: { errors },
  } = useFormContext();
  const message = errors[name]?.message;
  return typeof message === 'string' ? message : undefined;
}

const fieldId = (idPrefix: string, name: string) => `${idPrefix}-${name}`;

export function TextField({
  idPrefix,
  name,
  label,
  multiline = false,
  ...inputProps
}: {
  idPrefix: string;
  name: string;
  label: string;
  multiline?: boolean;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'placeholder' | 'type' | 'inputMode' | 'autoComplete'>) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = fieldId(idPrefix, name);
  return (
    <Field label={label} htmlFor={id} error={error}>
      {multiline ? (
        <Textarea
          id={id}
          rows={4}
          placeholder={inputProps.placeholder}
          aria-invalid={error ? true : undefined}
          {...register(name)}
        />
      ) : (
        <Input id={id} aria-invalid={error ? true : undefined} {...inputProps} {...register(name)} />
      )}
    </Field>
  );
}

interface Option {
  value: string;
  label: string;
}

export function SelectField({
  idPrefix,
  name,
  label,
  options,
}: {
  idPrefix: string;
  name: string;
  label: string;
  options: readonly Option[];
}) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = fieldId(idPrefix, name);
  return (
    <Field label={label} htmlFor={id} error={error}>
      <Select id={id} aria-invalid={error ? true : undefined} {...register(name)}>
        <option value="">Selecione</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

const STATUS_OPTIONS = OFFER_STATUSES.map((value) => ({ value, label: OFFER_STATUS_LABELS[value] }));
const FORMAT_OPTIONS = OFFER_FORMATS.map((value) => ({ value, label: value }));
const LANGUAGE_OPTIONS = OFFER_LANGUAGES.map((value) => ({ value, label: value }));

/** Status, format, language and niche. `niches` is the screen's subset; a saved value outside it is kept. */
export function OfferClassificationFields({
  idPrefix,
  niches,
  nicheScreen = 'default',
  currentNiche,
}: {
  idPrefix: string;
  niches: readonly string[];
  nicheScreen?: 'submission' | 'default';
  currentNiche?: string;
}) {
  const list = currentNiche && !niches.includes(currentNiche) ? [...niches, currentNiche] : niches;
  const nicheOptions = list.map((value) => ({ value, label: nicheLabel(value, nicheScreen) }));
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField idPrefix={idPrefix} name="status" label="Status *" options={STATUS_OPTIONS} />
      <SelectField idPrefix={idPrefix} name="format" label="Formato *" options={FORMAT_OPTIONS} />
      <SelectField idPrefix={idPrefix} name="language" label="Idioma *" options={LANGUAGE_OPTIONS} />
      <SelectField idPrefix={idPrefix} name="niche" label="Nicho *" options={nicheOptions} />
    </div>
  );
}

/**
 * Ads (a count), ROAS and ticket (reais), read the Brazilian way by the app's number field; blank means 0.
 * The screen's schema (the route's own) holds the messages.
 */
export function OfferMetricFields({ idPrefix }: { idPrefix: string }) {
  const { control } = useFormContext();
  const metric = (name: string, label: string, kind: NumberKind, placeholder: string) => (
    <NumberFormField
      control={control}
      name={name}
      id={fieldId(idPrefix, name)}
      label={label}
      kind={kind}
      placeholder={placeholder}
    />
  );
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {metric('ads', 'Anúncios ativos', 'integer', '0')}
      {metric('roas', 'ROAS', 'decimal', '0,00')}
      {metric('ticket', 'Ticket médio (R$)', 'money', '0,00')}
    </div>
  );
}

/** The four links; `required` only changes the labels (the screen's schema holds the rules). */
export function OfferLinkFields({ idPrefix, required = false }: { idPrefix: string; required?: boolean }) {
  const mark = required ? ' *' : '';
  const links = [
    ['advertiserLink', 'Link do anunciante'],
    ['creativeLink', 'Link do criativo'],
    ['libraryLink', 'Link da biblioteca'],
    ['siteLink', 'Link do site'],
  ] as const;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {links.map(([name, label]) => (
        <TextField
          key={name}
          idPrefix={idPrefix}
          name={name}
          label={`${label}${mark}`}
          type="url"
          inputMode="url"
          placeholder="https://"
        />
      ))}
    </div>
  );
}

/** A titled group of fields inside a form card. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 text-xs font-semibold tracking-wider text-muted uppercase">{title}</legend>
      {children}
    </fieldset>
  );
}

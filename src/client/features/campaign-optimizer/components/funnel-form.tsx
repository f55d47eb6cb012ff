import { Plus, Trash2 } from 'lucide-react';
import { formatPercent } from '../../../../shared/number-format';
import { EXTRA_UPSELLS_MAX } from '../../../../shared/schemas/campaign-analysis';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { newId, type OptimizerForm, type OptimizerTextField } from '../optimizer-data';

interface Props {
  id: string;
  form: OptimizerForm;
  /** Messages by the schema's path ('valorGasto', 'upsellsAdicionais.0.ticket', 'upsellsAdicionais.0'). */
  errors: Record<string, string>;
  onChange: (form: OptimizerForm) => void;
}

function NumberInput({
  id,
  value,
  error,
  step = '0.01',
  onValue,
  placeholder,
}: {
  id: string;
  value: string;
  error?: string;
  step?: string;
  placeholder?: string;
  onValue: (value: string) => void;
}) {
  return (
    <Input
      id={id}
      type="number"
      inputMode="decimal"
      min="0"
      step={step}
      placeholder={placeholder}
      value={value}
      aria-invalid={error ? true : undefined}
      onChange={(e) => onValue(e.target.value.slice(0, 20))}
    />
  );
}

/** The funnel form and the performance form of the optimizer (spec 02 "Campaign optimizer"). */
export function FunnelForm({ id, form, errors, onChange }: Props) {
  const set = (field: OptimizerTextField) => (value: string) => onChange({ ...form, [field]: value });
  const field = (name: OptimizerTextField, label: string, placeholder: string, step = '0.01') => (
    <Field label={label} htmlFor={`${id}-${name}`} error={errors[name]}>
      <NumberInput
        id={`${id}-${name}`}
        value={form[name]}
        error={errors[name]}
        step={step}
        placeholder={placeholder}
        onValue={set(name)}
      />
    </Field>
  );
  const setUpsell = (index: number, key: 'ticket' | 'conversao', value: string) =>
    onChange({
      ...form,
      upsellsAdicionais: form.upsellsAdicionais.map((u, i) => (i === index ? { ...u, [key]: value } : u)),
    });
  const addUpsell = () =>
    onChange({
      ...form,
      upsellsAdicionais: [...form.upsellsAdicionais, { id: newId(), ticket: '', conversao: '' }],
    });
  const removeUpsell = (index: number) =>
    onChange({ ...form, upsellsAdicionais: form.upsellsAdicionais.filter((_, i) => i !== index) });
  const roi = form.roi === '' ? '' : formatPercent(Number(form.roi));

  return (
    <>
      <Card className="space-y-4">
        <div className="space-y-1">
          <h2 className="text-base font-semibold">Dados do funil</h2>
          <p className="text-sm text-muted">
            O ticket do produto principal e dos upsells, com a conversão de cada upsell em %.
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          {field('ticketPrincipal', 'Ticket do produto principal (R$)', 'Ex.: 97,00')}
          {field('upsell1Ticket', 'Ticket do upsell 1 (R$)', 'Ex.: 47,00')}
          {field('upsell1Conversao', 'Conversão do upsell 1 (%)', 'Ex.: 30')}
        </div>
        {form.upsellsAdicionais.map((upsell, index) => {
          const n = index + 2;
          const path = `upsellsAdicionais.${index}`;
          return (
            <fieldset key={upsell.id} className="space-y-2 rounded-lg border border-border p-3">
              <legend className="px-1 text-sm font-medium text-zinc-300">Upsell {n}</legend>
              <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
                <Field
                  label={`Ticket do upsell ${n} (R$)`}
                  htmlFor={`${id}-up-${upsell.id}-t`}
                  error={errors[`${path}.ticket`]}
                >
                  <NumberInput
                    id={`${id}-up-${upsell.id}-t`}
                    value={upsell.ticket}
                    error={errors[`${path}.ticket`] ?? errors[path]}
                    onValue={(v) => setUpsell(index, 'ticket', v)}
                  />
                </Field>
                <Field
                  label={`Conversão do upsell ${n} (%)`}
                  htmlFor={`${id}-up-${upsell.id}-c`}
                  error={errors[`${path}.conversao`]}
                >
                  <NumberInput
                    id={`${id}-up-${upsell.id}-c`}
                    value={upsell.conversao}
                    error={errors[`${path}.conversao`] ?? errors[path]}
                    onValue={(v) => setUpsell(index, 'conversao', v)}
                  />
                </Field>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remover upsell ${n}`}
                  onClick={() => removeUpsell(index)}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </Button>
              </div>
              {errors[path] ? (
                <p role="alert" className="text-xs text-red-400">
                  {errors[path]}
                </p>
              ) : null}
            </fieldset>
          );
        })}
        <Button
          variant="outline"
          size="sm"
          onClick={addUpsell}
          disabled={form.upsellsAdicionais.length >= EXTRA_UPSELLS_MAX}
        >
          <Plus className="h-4 w-4" aria-hidden />
          Adicionar upsell
        </Button>
      </Card>

      <Card className="space-y-4">
        <div className="space-y-1">
          <h2 className="text-base font-semibold">Desempenho da campanha</h2>
          <p className="text-sm text-muted">
            Quanto você gastou em anúncios, quanto voltou e quantas vendas fez.
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {field('valorGasto', 'Valor gasto (R$)', 'Ex.: 1000,00')}
          {field('valorRetornado', 'Valor retornado (R$)', 'Ex.: 2500,00')}
          <Field label="ROI (calculado)" htmlFor={`${id}-roi`}>
            <Input id={`${id}-roi`} value={roi} readOnly placeholder="Calculado pelo gasto e retorno" />
          </Field>
          {field('vendasPrincipal', 'Vendas do produto principal', 'Ex.: 20', '1')}
        </div>
      </Card>
    </>
  );
}

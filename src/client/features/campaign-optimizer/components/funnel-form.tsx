import { Plus, Trash2 } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatPercent } from '../../../../shared/number-format';
import { EXTRA_UPSELLS_MAX } from '../../../../shared/schemas/campaign-analysis';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { NumberFormField } from '../../../components/ui/number-input';
import { newId, OPTIMIZER_KINDS, type OptimizerForm, type OptimizerNumberField } from '../optimizer-data';

/**
 * The funnel form and the performance form of the optimizer, inside the tab's
 * react-hook-form (FormProvider); `roi` is derived from spend and return by the tab.
 */
export function FunnelForm({ id, roi: roiValue }: { id: string; roi: number | null }) {
  const {
    control,
    getValues,
    setValue,
    formState: { errors },
  } = useFormContext<OptimizerForm>();
  const upsells = useWatch({ control, name: 'upsellsAdicionais' }) ?? [];
  const field = (name: OptimizerNumberField, label: string, placeholder: string) => (
    <NumberFormField
      control={control}
      name={name}
      id={`${id}-${name}`}
      label={label}
      kind={OPTIMIZER_KINDS[name]}
      placeholder={placeholder}
    />
  );
  const setUpsells = (next: OptimizerForm['upsellsAdicionais']) =>
    setValue('upsellsAdicionais', next, { shouldDirty: true });
  const addUpsell = () =>
    setUpsells([...getValues('upsellsAdicionais'), { id: newId(), ticket: null, conversao: null }]);
  const removeUpsell = (index: number) =>
    setUpsells(getValues('upsellsAdicionais').filter((_, i) => i !== index));
  const roi = roiValue === null ? '' : formatPercent(roiValue);

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
        {upsells.map((upsell, index) => {
          const n = index + 2;
          // The pair's own message (ticket without conversion or the reverse), on the upsell's path.
          const pairMessage = errors.upsellsAdicionais?.[index]?.message;
          return (
            <fieldset key={upsell.id} className="space-y-2 rounded-lg border border-border p-3">
              <legend className="px-1 text-sm font-medium text-zinc-300">Upsell {n}</legend>
              <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
                <NumberFormField
                  control={control}
                  name={`upsellsAdicionais.${index}.ticket`}
                  id={`${id}-up-${upsell.id}-t`}
                  label={`Ticket do upsell ${n} (R$)`}
                  kind="money"
                  placeholder="Ex.: 97,00"
                />
                <NumberFormField
                  control={control}
                  name={`upsellsAdicionais.${index}.conversao`}
                  id={`${id}-up-${upsell.id}-c`}
                  label={`Conversão do upsell ${n} (%)`}
                  kind="percent"
                  placeholder="Ex.: 20"
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remover upsell ${n}`}
                  onClick={() => removeUpsell(index)}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </Button>
              </div>
              {pairMessage ? (
                <p role="alert" className="text-xs text-red-400">
                  {pairMessage}
                </p>
              ) : null}
            </fieldset>
          );
        })}
        <Button
          variant="outline"
          size="sm"
          onClick={addUpsell}
          disabled={upsells.length >= EXTRA_UPSELLS_MAX}
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
          {field('vendasPrincipal', 'Vendas do produto principal', 'Ex.: 20')}
        </div>
      </Card>
    </>
  );
}

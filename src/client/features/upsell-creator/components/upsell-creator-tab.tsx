import { Lightbulb, Plus, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import type { TypedNumber } from '../../../../shared/typed-number';
import { DraftActions } from '../../../components/draft-actions';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { NumberField } from '../../../components/ui/number-input';
import { Select } from '../../../components/ui/select';
import { downloadFile } from '../../../lib/download';
import { fileSlug } from '../../../lib/markdown';
import { toast } from '../../../lib/toast';
import { useLocalDraft } from '../../../lib/use-local-draft';
import {
  addBenefit,
  addUpsell,
  BENEFIT_MAX,
  BENEFITS_MAX,
  buildUpsellMarkdown,
  emptyStrategy,
  NAME_MAX,
  parseStoredStrategy,
  removeBenefit,
  removeUpsell,
  STRATEGY_TIPS,
  TEXT_MAX,
  UPSELL_DRAFT_KEY,
  UPSELL_TYPES,
  UPSELLS_MAX,
  type Upsell,
  type UpsellType,
  URGENCY_OPTIONS,
  type Urgency,
  upsellDiscount,
} from '../upsell';

/** A price of the strategy: the app's number field for reais. */
function PriceField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: TypedNumber;
  onChange: (value: TypedNumber) => void;
}) {
  return (
    <NumberField
      id={id}
      label={label}
      kind="money"
      placeholder="Ex.: 197"
      value={value}
      onValueChange={onChange}
    />
  );
}

/**
 * Dashboard tab 'criador-upsells': the main product, the upsell offers (discount
 * recalculated on every price change, benefits, urgency) and strategy tips, with Save (kept in this browser),
 * Preview and Export (a Markdown file). No server call.
 */
export default function UpsellCreatorTab() {
  const id = useId();
  const {
    value: strategy,
    setValue,
    save,
    savedAt,
    dirty,
  } = useLocalDraft(UPSELL_DRAFT_KEY, parseStoredStrategy, emptyStrategy);
  const focusId = useRef<string | null>(null);
  useEffect(() => {
    if (!focusId.current) return;
    document.getElementById(focusId.current)?.focus();
    focusId.current = null;
  });

  const setUpsell = (upsellId: string, patch: Partial<Upsell>) =>
    setValue((current) => ({
      ...current,
      upsells: current.upsells.map((u) => (u.id === upsellId ? { ...u, ...patch } : u)),
    }));

  const onSave = () => {
    if (save()) {
      toast.success('Estratégia salva!', {
        description: 'Ela fica guardada neste navegador para quando você voltar.',
      });
    } else {
      toast.error('Não foi possível salvar', {
        description: 'O navegador bloqueou o armazenamento local ou ele está cheio.',
      });
    }
  };
  const onExport = () =>
    downloadFile(
      `upsells-${fileSlug(strategy.mainProduct, 'sem-nome')}.md`,
      buildUpsellMarkdown(strategy),
      'text/markdown;charset=utf-8',
    );

  return (
    <div className="mx-auto grid max-w-6xl gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="min-w-0 space-y-6">
        <Card>
          <DraftActions
            onSave={onSave}
            onExport={onExport}
            previewTitle="Prévia da estratégia"
            preview={() => buildUpsellMarkdown(strategy)}
            savedAt={savedAt}
            dirty={dirty}
          />
        </Card>

        <Card className="space-y-4">
          <h2 className="text-base font-semibold">Produto principal</h2>
          <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <Field label="Nome do produto principal" htmlFor={`${id}-main`}>
              <Input
                id={`${id}-main`}
                maxLength={NAME_MAX}
                placeholder="Ex.: Método Seca Rápido"
                value={strategy.mainProduct}
                onChange={(e) => setValue((current) => ({ ...current, mainProduct: e.target.value }))}
              />
            </Field>
            <PriceField
              id={`${id}-main-price`}
              label="Preço do produto principal (R$)"
              value={strategy.mainProductPrice}
              onChange={(value) => setValue((current) => ({ ...current, mainProductPrice: value }))}
            />
          </div>
        </Card>

        <Card className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-base font-semibold">Ofertas de upsell</h2>
            <Button
              variant="outline"
              size="sm"
              disabled={strategy.upsells.length >= UPSELLS_MAX}
              onClick={() => {
                const upsells = addUpsell(strategy.upsells);
                focusId.current = `${id}-${upsells.at(-1)?.id}-name`;
                setValue({ ...strategy, upsells });
              }}
            >
              <Plus className="h-4 w-4" aria-hidden />
              Adicionar Upsell
            </Button>
          </div>
          {strategy.upsells.map((upsell, index) => {
            const number = index + 1;
            const discount = upsellDiscount(upsell.originalPrice, upsell.upsellPrice);
            const field = (name: string) => `${id}-${upsell.id}-${name}`;
            return (
              <fieldset
                key={upsell.id}
                className="space-y-3 rounded-lg border border-border bg-surface-2/50 p-4"
              >
                <legend className="float-left flex h-8 items-center text-sm font-semibold">
                  Upsell {number}
                </legend>
                <div className="flex justify-end">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remover upsell ${number}`}
                    title={
                      strategy.upsells.length <= 1
                        ? 'A estratégia precisa de pelo menos um upsell'
                        : undefined
                    }
                    disabled={strategy.upsells.length <= 1}
                    onClick={() =>
                      setValue((current) => ({
                        ...current,
                        upsells: removeUpsell(current.upsells, upsell.id),
                      }))
                    }
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                    Remover
                  </Button>
                </div>
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field label="Nome do upsell" htmlFor={field('name')}>
                    <Input
                      id={field('name')}
                      maxLength={NAME_MAX}
                      value={upsell.name}
                      onChange={(e) => setUpsell(upsell.id, { name: e.target.value })}
                    />
                  </Field>
                  <Field label="Tipo" htmlFor={field('type')}>
                    <Select
                      id={field('type')}
                      value={upsell.type}
                      onChange={(e) => setUpsell(upsell.id, { type: e.target.value as UpsellType | '' })}
                      options={UPSELL_TYPES}
                      placeholder="Selecione"
                    />
                  </Field>
                </div>
                <div className="grid gap-3 sm:grid-cols-3">
                  <PriceField
                    id={field('original')}
                    label="Preço original (R$)"
                    value={upsell.originalPrice}
                    onChange={(value) => setUpsell(upsell.id, { originalPrice: value })}
                  />
                  <PriceField
                    id={field('price')}
                    label="Preço do upsell (R$)"
                    value={upsell.upsellPrice}
                    onChange={(value) => setUpsell(upsell.id, { upsellPrice: value })}
                  />
                  <div className="space-y-1.5">
                    <p id={field('discount-label')} className="text-sm font-medium text-zinc-300">
                      Desconto
                    </p>
                    <output
                      aria-labelledby={field('discount-label')}
                      className="flex h-10 items-center rounded-lg border border-border bg-surface px-3 text-sm font-semibold text-green-300"
                    >
                      {discount === null ? '' : `${discount}%`}
                    </output>
                  </div>
                </div>
                <Field label="Descrição" htmlFor={field('description')}>
                  <Textarea
                    id={field('description')}
                    rows={2}
                    className="min-h-16"
                    maxLength={TEXT_MAX}
                    value={upsell.description}
                    onChange={(e) => setUpsell(upsell.id, { description: e.target.value })}
                  />
                </Field>
                <div className="space-y-2">
                  <p className="text-sm font-medium text-zinc-300">Benefícios</p>
                  <ul className="space-y-2">
                    {upsell.benefits.map((benefit, benefitIndex) => (
                      // Benefits are plain strings without ids: the position is their identity.
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above
                      <li key={benefitIndex} className="flex gap-2">
                        <Input
                          id={field(`benefit-${benefitIndex}`)}
                          aria-label={`Benefício ${benefitIndex + 1} do upsell ${number}`}
                          maxLength={BENEFIT_MAX}
                          placeholder="Ex.: Acesso vitalício"
                          value={benefit}
                          onChange={(e) =>
                            setUpsell(upsell.id, {
                              benefits: upsell.benefits.map((b, i) =>
                                i === benefitIndex ? e.target.value : b,
                              ),
                            })
                          }
                        />
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Remover benefício ${benefitIndex + 1} do upsell ${number}`}
                          onClick={() =>
                            setUpsell(upsell.id, { benefits: removeBenefit(upsell.benefits, benefitIndex) })
                          }
                        >
                          <X className="h-4 w-4" aria-hidden />
                        </Button>
                      </li>
                    ))}
                  </ul>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={upsell.benefits.length >= BENEFITS_MAX}
                    aria-label={`Adicionar benefício ao upsell ${number}`}
                    onClick={() => {
                      focusId.current = field(`benefit-${upsell.benefits.length}`);
                      setUpsell(upsell.id, { benefits: addBenefit(upsell.benefits) });
                    }}
                  >
                    <Plus className="h-4 w-4" aria-hidden />
                    Adicionar benefício
                  </Button>
                </div>
                <Field label="Urgência" htmlFor={field('urgency')}>
                  <Select
                    id={field('urgency')}
                    value={upsell.urgency}
                    onChange={(e) => setUpsell(upsell.id, { urgency: e.target.value as Urgency | '' })}
                    options={URGENCY_OPTIONS}
                    placeholder="Selecione"
                  />
                </Field>
              </fieldset>
            );
          })}
        </Card>
      </div>

      <Card className="h-fit space-y-3 lg:sticky lg:top-4">
        <h2 className="flex items-center gap-2 text-base font-semibold">
          <Lightbulb className="h-4 w-4 text-warning" aria-hidden />
          Dicas de estratégia
        </h2>
        <ul className="list-disc space-y-2 pl-5 text-sm text-zinc-300">
          {STRATEGY_TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
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
  addModule,
  BONUSES_MAX,
  blankBonus,
  buildProductMarkdown,
  emptyProduct,
  MODULES_MAX,
  NAME_MAX,
  PRODUCT_DRAFT_KEY,
  PRODUCT_NICHES,
  PRODUCT_TYPES,
  type Product,
  type ProductBonus,
  type ProductModule,
  type ProductNiche,
  type ProductType,
  parseStoredProduct,
  removeModule,
  TEXT_MAX,
} from '../product';

/**
 * Dashboard tab 'criador-produtos': basic info, modules, bonuses and guarantee,
 * with Save (kept in this browser, survives a reload), Preview and Export (a Markdown file). No server call.
 */
export default function ProductCreatorTab() {
  const id = useId();
  const {
    value: product,
    setValue,
    save,
    savedAt,
    dirty,
  } = useLocalDraft(PRODUCT_DRAFT_KEY, parseStoredProduct, emptyProduct);
  const focusId = useRef<string | null>(null);
  useEffect(() => {
    if (!focusId.current) return;
    document.getElementById(focusId.current)?.focus();
    focusId.current = null;
  });

  const set = <K extends keyof Product>(key: K, value: Product[K]) =>
    setValue((current) => ({ ...current, [key]: value }));
  const setModule = (moduleId: string, patch: Partial<ProductModule>) =>
    setValue((current) => ({
      ...current,
      modules: current.modules.map((m) => (m.id === moduleId ? { ...m, ...patch } : m)),
    }));
  const setBonus = (bonusId: string, patch: Partial<ProductBonus>) =>
    setValue((current) => ({
      ...current,
      bonuses: current.bonuses.map((b) => (b.id === bonusId ? { ...b, ...patch } : b)),
    }));

  const onSave = () => {
    if (save()) {
      toast.success('Produto salvo!', {
        description: 'Ele fica guardado neste navegador para quando você voltar.',
      });
    } else {
      toast.error('Não foi possível salvar', {
        description: 'O navegador bloqueou o armazenamento local ou ele está cheio.',
      });
    }
  };
  const onExport = () =>
    downloadFile(
      `produto-${fileSlug(product.name, 'sem-nome')}.md`,
      buildProductMarkdown(product),
      'text/markdown;charset=utf-8',
    );

  const area = (key: 'targetAudience' | 'mainProblem' | 'solution', label: string, placeholder: string) => (
    <Field label={label} htmlFor={`${id}-${key}`}>
      <Textarea
        id={`${id}-${key}`}
        rows={3}
        className="min-h-20"
        maxLength={TEXT_MAX}
        placeholder={placeholder}
        value={product[key]}
        onChange={(e) => set(key, e.target.value)}
      />
    </Field>
  );

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Card>
        <DraftActions
          onSave={onSave}
          onExport={onExport}
          previewTitle="Prévia do produto"
          preview={() => buildProductMarkdown(product)}
          savedAt={savedAt}
          dirty={dirty}
        />
      </Card>

      <Card className="space-y-4">
        <h2 className="text-base font-semibold">Informações básicas</h2>
        <Field label="Nome do produto" htmlFor={`${id}-name`}>
          <Input
            id={`${id}-name`}
            maxLength={NAME_MAX}
            placeholder="Ex.: Método Seca Rápido"
            value={product.name}
            onChange={(e) => set('name', e.target.value)}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Tipo" htmlFor={`${id}-type`}>
            <Select
              id={`${id}-type`}
              value={product.type}
              onChange={(e) => set('type', e.target.value as ProductType | '')}
              options={PRODUCT_TYPES}
              placeholder="Selecione"
            />
          </Field>
          <Field label="Nicho" htmlFor={`${id}-niche`}>
            <Select
              id={`${id}-niche`}
              value={product.niche}
              onChange={(e) => set('niche', e.target.value as ProductNiche | '')}
              options={PRODUCT_NICHES}
              placeholder="Selecione"
            />
          </Field>
          <NumberField
            id={`${id}-price`}
            label="Preço (R$)"
            kind="money"
            placeholder="Ex.: 197,90"
            value={product.price}
            onValueChange={(value) => set('price', value)}
          />
        </div>
        {area('targetAudience', 'Público-alvo', 'Ex.: mulheres acima de 40 anos')}
        {area('mainProblem', 'Problema principal', 'Ex.: não conseguem emagrecer depois da menopausa')}
        {area('solution', 'Solução', 'Ex.: protocolo de 21 dias com cardápio pronto')}
      </Card>

      <Card className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-base font-semibold">Módulos</h2>
          <Button
            variant="outline"
            size="sm"
            disabled={product.modules.length >= MODULES_MAX}
            onClick={() => {
              const modules = addModule(product.modules);
              focusId.current = `${id}-module-${modules.at(-1)?.id}-name`;
              setValue({ ...product, modules });
            }}
          >
            <Plus className="h-4 w-4" aria-hidden />
            Adicionar Módulo
          </Button>
        </div>
        {product.modules.map((module) => (
          <fieldset key={module.id} className="space-y-3 rounded-lg border border-border bg-surface-2/50 p-4">
            <legend className="float-left flex h-8 items-center text-sm font-semibold">
              Módulo {module.order}
            </legend>
            <div className="flex justify-end">
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remover módulo ${module.order}`}
                title={product.modules.length <= 1 ? 'O produto precisa de pelo menos um módulo' : undefined}
                disabled={product.modules.length <= 1}
                onClick={() =>
                  setValue((current) => ({ ...current, modules: removeModule(current.modules, module.id) }))
                }
              >
                <Trash2 className="h-4 w-4" aria-hidden />
                Remover
              </Button>
            </div>
            <Field label="Nome do módulo" htmlFor={`${id}-module-${module.id}-name`}>
              <Input
                id={`${id}-module-${module.id}-name`}
                maxLength={NAME_MAX}
                value={module.name}
                onChange={(e) => setModule(module.id, { name: e.target.value })}
              />
            </Field>
            <Field label="Descrição" htmlFor={`${id}-module-${module.id}-description`}>
              <Textarea
                id={`${id}-module-${module.id}-description`}
                rows={2}
                className="min-h-16"
                maxLength={TEXT_MAX}
                value={module.description}
                onChange={(e) => setModule(module.id, { description: e.target.value })}
              />
            </Field>
            <Field label="Conteúdo" htmlFor={`${id}-module-${module.id}-content`}>
              <Textarea
                id={`${id}-module-${module.id}-content`}
                rows={3}
                className="min-h-20"
                maxLength={TEXT_MAX}
                placeholder="Aulas, materiais e exercícios deste módulo"
                value={module.content}
                onChange={(e) => setModule(module.id, { content: e.target.value })}
              />
            </Field>
          </fieldset>
        ))}
      </Card>

      <Card className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-base font-semibold">Bônus</h2>
          <Button
            variant="outline"
            size="sm"
            disabled={product.bonuses.length >= BONUSES_MAX}
            onClick={() => {
              const bonus = blankBonus();
              focusId.current = `${id}-bonus-${bonus.id}-name`;
              setValue({ ...product, bonuses: [...product.bonuses, bonus] });
            }}
          >
            <Plus className="h-4 w-4" aria-hidden />
            Adicionar Bônus
          </Button>
        </div>
        {product.bonuses.length === 0 ? (
          <p className="text-sm text-muted">
            Nenhum bônus ainda. Bônus aumentam o valor percebido da oferta.
          </p>
        ) : null}
        {product.bonuses.map((bonus, index) => {
          return (
            <fieldset
              key={bonus.id}
              className="space-y-3 rounded-lg border border-border bg-surface-2/50 p-4"
            >
              <legend className="float-left flex h-8 items-center text-sm font-semibold">
                Bônus {index + 1}
              </legend>
              <div className="flex justify-end">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remover bônus ${index + 1}`}
                  onClick={() =>
                    setValue((current) => ({
                      ...current,
                      bonuses: current.bonuses.filter((b) => b.id !== bonus.id),
                    }))
                  }
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                  Remover
                </Button>
              </div>
              <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
                <Field label="Nome do bônus" htmlFor={`${id}-bonus-${bonus.id}-name`}>
                  <Input
                    id={`${id}-bonus-${bonus.id}-name`}
                    maxLength={NAME_MAX}
                    value={bonus.name}
                    onChange={(e) => setBonus(bonus.id, { name: e.target.value })}
                  />
                </Field>
                <NumberField
                  id={`${id}-bonus-${bonus.id}-value`}
                  label="Valor (R$)"
                  kind="money"
                  placeholder="Ex.: 47"
                  value={bonus.value}
                  onValueChange={(value) => setBonus(bonus.id, { value })}
                />
              </div>
              <Field label="Descrição" htmlFor={`${id}-bonus-${bonus.id}-description`}>
                <Textarea
                  id={`${id}-bonus-${bonus.id}-description`}
                  rows={2}
                  className="min-h-16"
                  maxLength={TEXT_MAX}
                  value={bonus.description}
                  onChange={(e) => setBonus(bonus.id, { description: e.target.value })}
                />
              </Field>
            </fieldset>
          );
        })}
      </Card>

      <Card className="space-y-4">
        <h2 className="text-base font-semibold">Garantia</h2>
        <Field label="Texto da garantia" htmlFor={`${id}-guarantee`}>
          <Textarea
            id={`${id}-guarantee`}
            rows={3}
            className="min-h-20"
            maxLength={TEXT_MAX}
            placeholder="Ex.: 7 dias de garantia incondicional: se não gostar, devolvemos 100% do valor."
            value={product.guarantee}
            onChange={(e) => set('guarantee', e.target.value)}
          />
        </Field>
      </Card>
    </div>
  );
}

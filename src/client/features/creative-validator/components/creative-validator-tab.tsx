import { CheckCircle2, Eraser, Loader2, Plus, Sparkles } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  CREATIVES_EMPTY,
  CREATIVES_MAX,
  isCreativeFilled,
  validateCreativesInput,
} from '../../../../shared/schemas/campaign-analysis';
import { AnalysisText } from '../../../components/ui/analysis-text';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useValidateCreatives } from '../api/use-validate-creatives';
import {
  blankCreative,
  type CreativeCardData,
  clearCreatives,
  creativesSummary,
  isBlankCard,
  loadCreatives,
  saveCreatives,
  toCreativeItems,
} from '../creatives-data';
import { CreativeCard } from './creative-card';

export const VALIDATE_FAILED = 'Erro ao validar criativos. Tente novamente.';

/**
 * Dashboard tab 'validador-criativo' (spec 02 "Creative validator", §5, §8): creative cards (add, remove, at
 * least one remains) kept in local storage, the fixed 'Verificar' button and the result block.
 */
export default function CreativeValidatorTab() {
  const id = useId();
  const [cards, setCards] = useState<CreativeCardData[]>(loadCreatives);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<string | null>(null);
  const validate = useValidateCreatives();

  useEffect(() => {
    if (cards.length === 1 && isBlankCard(cards[0]!)) clearCreatives();
    else saveCreatives(cards);
  }, [cards]);

  const update = (cardId: string, next: CreativeCardData) => {
    setCards((current) => current.map((c) => (c.id === cardId ? next : c)));
    setErrors({});
  };
  const add = () =>
    setCards((current) => (current.length >= CREATIVES_MAX ? current : [...current, blankCreative()]));
  const remove = (cardId: string) =>
    setCards((current) => (current.length <= 1 ? current : current.filter((c) => c.id !== cardId)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (validate.isPending) return;
    const criativos = toCreativeItems(cards);
    if (!criativos.some(isCreativeFilled)) {
      setErrors({});
      toast.error(CREATIVES_EMPTY);
      return;
    }
    const mensagem = creativesSummary(criativos);
    const parsed = validateCreativesInput.safeParse({ mensagem, criativos });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      toast.error('Confira os dados', { description: parsed.error.issues[0]?.message });
      return;
    }
    try {
      const { resposta } = await validate.mutateAsync({ mensagem, criativos });
      setResult(resposta);
      toast.success('Validação Concluída', { description: 'Análise dos criativos finalizada com sucesso' });
    } catch (err) {
      const detail =
        err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : undefined;
      toast.error(VALIDATE_FAILED, detail ? { description: detail } : undefined);
    }
  };

  const clearData = () => {
    clearCreatives();
    setCards([blankCreative()]);
    setErrors({});
    setResult(null);
    toast.success('Dados apagados', { description: 'Os criativos salvos foram removidos.' });
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mx-auto max-w-5xl space-y-6">
      <Card className="space-y-1">
        <h2 className="text-base font-semibold">Seus criativos</h2>
        <p className="text-sm text-muted">
          Preencha os números de cada criativo como aparecem no gerenciador de anúncios. IC é o número de
          inícios de checkout; CTR em %; CPM e CPC em reais. Os dados ficam salvos só neste navegador.
        </p>
      </Card>

      <div className="grid gap-4 lg:grid-cols-2">
        {cards.map((card, index) => (
          <CreativeCard
            key={card.id}
            idPrefix={`${id}-${card.id}`}
            index={index}
            card={card}
            errors={errors}
            canRemove={cards.length > 1}
            onChange={(next) => update(card.id, next)}
            onRemove={() => remove(card.id)}
          />
        ))}
      </div>

      <div className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={add} disabled={cards.length >= CREATIVES_MAX}>
          <Plus className="h-4 w-4" aria-hidden />
          Adicionar Criativo
        </Button>
        <Button variant="secondary" onClick={clearData} disabled={validate.isPending}>
          <Eraser className="h-4 w-4" aria-hidden />
          Limpar Dados
        </Button>
      </div>

      {result !== null ? (
        <Card className="space-y-3" aria-labelledby={`${id}-result`}>
          <h2 id={`${id}-result`} className="flex items-center gap-2 text-base font-semibold">
            <CheckCircle2 className="h-5 w-5 text-primary" aria-hidden />
            Resultado da validação
          </h2>
          <AnalysisText text={result} />
        </Card>
      ) : null}

      {/* The fixed 'Verificar' button: it stays at the bottom of the screen while the cards scroll. */}
      <div className="sticky bottom-4 z-10 flex justify-center">
        <Button type="submit" size="lg" disabled={validate.isPending} className="shadow-lg shadow-black/40">
          {validate.isPending ? (
            <Loader2 className="h-5 w-5 animate-spin" aria-hidden />
          ) : (
            <Sparkles className="h-5 w-5" aria-hidden />
          )}
          {validate.isPending ? 'Verificando...' : 'Verificar'}
        </Button>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Eraser, Loader2, Plus, Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider, type Resolver, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
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
import { firstErrorMessage, useFocusFirstInvalid } from '../../../lib/form-errors';
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

interface ValidatorForm {
  criativos: CreativeCardData[];
}
const validatorInput = validateCreativesInput.pick({ criativos: true });
type ValidatorData = z.output<typeof validatorInput>;

/**
 * The route's schema over the cards as it reads them (toCreativeItems), messages on 'criativos.N.field'. With no
 * creative filled in, the one answer is CREATIVES_EMPTY (a toast, no field marked), whatever else the cards hold.
 */
const criativosResolver = zodResolver(validatorInput);
const validatorResolver: Resolver<ValidatorForm, unknown, ValidatorData> = async (
  values,
  context,
  options,
) => {
  const criativos = toCreativeItems(values.criativos);
  if (!criativos.some(isCreativeFilled)) {
    return { values: {}, errors: { criativos: { type: 'custom', message: CREATIVES_EMPTY } } };
  }
  return criativosResolver({ criativos }, context, options as never) as unknown as ReturnType<
    Resolver<ValidatorForm, unknown, ValidatorData>
  >;
};

/**
 * Dashboard tab 'validador-criativo': creative cards (add, remove, at
 * least one remains) kept in local storage, the fixed 'Verificar' button and the result block.
 */
export default function CreativeValidatorTab() {
  const id = useId();
  const [saved] = useState(loadCreatives);
  const methods = useForm<ValidatorForm, unknown, ValidatorData>({
    resolver: validatorResolver,
    defaultValues: { criativos: saved },
    // Checked on submit; any change takes the messages away until the next submit.
    reValidateMode: 'onSubmit',
    // Rows come and go: the first refused field in the page's order gets the focus (useFocusFirstInvalid).
    shouldFocusError: false,
  });
  const { control, handleSubmit, reset, clearErrors, getValues, setValue } = methods;
  const { submitCount, errors } = methods.formState;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, submitCount, Object.keys(errors).length);
  const cards = (useWatch({ control, name: 'criativos' }) ?? []) as CreativeCardData[];
  const stored = JSON.stringify(cards);
  const [result, setResult] = useState<string | null>(null);
  const validate = useValidateCreatives();

  useEffect(() => {
    const current = JSON.parse(stored) as CreativeCardData[];
    if (current.length === 1 && isBlankCard(current[0]!)) clearCreatives();
    else saveCreatives(current);
    clearErrors();
  }, [stored, clearErrors]);

  const setCards = (next: CreativeCardData[]) => setValue('criativos', next, { shouldDirty: true });
  const add = () => {
    const current = getValues('criativos');
    if (current.length < CREATIVES_MAX) setCards([...current, blankCreative()]);
  };
  const remove = (cardId: string) => {
    const current = getValues('criativos');
    if (current.length > 1) setCards(current.filter((c) => c.id !== cardId));
  };

  const submit = handleSubmit(
    async ({ criativos }) => {
      // The numbers as read (never the text): what the summary shows is what the server analyses.
      const mensagem = creativesSummary(criativos);
      try {
        const { resposta } = await validate.mutateAsync({ mensagem, criativos });
        setResult(resposta);
        toast.success('Validação Concluída', { description: 'Análise dos criativos finalizada com sucesso' });
      } catch (err) {
        const detail =
          err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : undefined;
        toast.error(VALIDATE_FAILED, detail ? { description: detail } : undefined);
      }
    },
    (errors) => {
      if (errors.criativos?.message === CREATIVES_EMPTY) toast.error(CREATIVES_EMPTY);
      else toast.error('Confira os dados', { description: firstErrorMessage(errors) });
    },
  );

  const clearData = () => {
    clearCreatives();
    reset({ criativos: [blankCreative()] });
    setResult(null);
    toast.success('Dados apagados', { description: 'Os criativos salvos foram removidos.' });
  };

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="mx-auto max-w-5xl space-y-6">
      <Card className="space-y-1">
        <h2 className="text-base font-semibold">Seus criativos</h2>
        <p className="text-sm text-muted">
          Preencha os números de cada criativo como aparecem no gerenciador de anúncios. IC é o número de
          inícios de checkout; CTR em %; CPM e CPC em reais. Os dados ficam salvos só neste navegador.
        </p>
      </Card>

      <FormProvider {...methods}>
        <div className="grid gap-4 lg:grid-cols-2">
          {cards.map((card, index) => (
            <CreativeCard
              key={card.id}
              idPrefix={`${id}-${card.id}`}
              index={index}
              canRemove={cards.length > 1}
              onRemove={() => remove(card.id)}
            />
          ))}
        </div>
      </FormProvider>

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

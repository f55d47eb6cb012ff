import { zodResolver } from '@hookform/resolvers/zod';
import { Bot, Eraser, Loader2, RotateCcw, Sparkles, User } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider, type Resolver, useForm, useWatch } from 'react-hook-form';
import { type FunnelData, funnelData } from '../../../../shared/schemas/campaign-analysis';
import { AnalysisText } from '../../../components/ui/analysis-text';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-client';
import { firstErrorMessage, useFocusFirstInvalid } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useCampaignChat } from '../api/use-campaign-chat';
import {
  clearOptimizerForm,
  emptyOptimizerForm,
  loadOptimizerForm,
  type OptimizerForm,
  optimizerSummary,
  roiOf,
  saveOptimizerForm,
  toFunnelData,
} from '../optimizer-data';
import { FunnelForm } from './funnel-form';

export const OPTIMIZER_LOADING = 'Nossa IA está analisando a sua campanha...';

interface ChatExchange {
  pergunta: string;
  resposta: string;
}

/** On failure the chat shows an AI message that apologises, echoes the data and asks to check and retry. */
export function failureAnswer(summary: string, reason: string): string {
  // The summary's first line is the request ('Analise minha campanha:'); the rest are the data lines.
  const data = summary.split('\n').slice(1);
  return [
    '**Não consegui analisar sua campanha agora**',
    `- Desculpe, ocorreu um problema ao gerar a análise: ${reason}`,
    '**Os dados que você enviou**',
    ...data,
    '**O que fazer**',
    '- Confira se os dados estão corretos e tente novamente em instantes.',
  ].join('\n');
}

/** The route's schema over the form as the schema reads it (toFunnelData): messages land on the fields' paths. */
const funnelResolver = zodResolver(funnelData);
const optimizerResolver: Resolver<OptimizerForm, unknown, FunnelData> = (values, context, options) =>
  funnelResolver(toFunnelData(values), context, options as never) as ReturnType<
    Resolver<OptimizerForm, unknown, FunnelData>
  >;

const isEmpty = (form: OptimizerForm) => JSON.stringify(form) === JSON.stringify(emptyOptimizerForm());

/**
 * Dashboard tab 'otimizador-campanhas': the funnel and performance forms
 * (kept in local storage), then 'Nossa IA está analisando a sua campanha...', then the chat with the analysis;
 * 'Nova Análise' returns to the forms, 'Limpar Dados' clears the saved data.
 */
export default function CampaignOptimizerTab() {
  const id = useId();
  const [saved] = useState(loadOptimizerForm);
  const methods = useForm<OptimizerForm, unknown, FunnelData>({
    resolver: optimizerResolver,
    defaultValues: saved,
    // Checked on submit; any change takes the messages away until the next submit.
    reValidateMode: 'onSubmit',
    // Rows come and go: the first refused field in the page's order gets the focus (useFocusFirstInvalid).
    shouldFocusError: false,
  });
  const { control, handleSubmit, reset, clearErrors } = methods;
  const { submitCount, errors } = methods.formState;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, submitCount, Object.keys(errors).length);
  const values = useWatch({ control }) as OptimizerForm;
  const roi = roiOf(values.valorGasto, values.valorRetornado);
  const stored = JSON.stringify({ ...values, roi });
  const [chat, setChat] = useState<ChatExchange | null>(null);
  const analysis = useCampaignChat();

  useEffect(() => {
    const form = JSON.parse(stored) as OptimizerForm;
    if (isEmpty(form)) clearOptimizerForm();
    else saveOptimizerForm(form);
    clearErrors();
  }, [stored, clearErrors]);

  const submit = handleSubmit(
    async (dados) => {
      // The numbers as read (never the text): what the summary shows is what the server analyses.
      const mensagem = optimizerSummary(dados);
      try {
        const { resposta } = await analysis.mutateAsync({ mensagem, dados });
        setChat({ pergunta: mensagem, resposta });
      } catch (err) {
        setChat({
          pergunta: mensagem,
          resposta: failureAnswer(mensagem, errorMessage(err, 'tente novamente mais tarde.')),
        });
      }
    },
    (errors) => toast.error('Confira os dados', { description: firstErrorMessage(errors) }),
  );

  const clearData = () => {
    clearOptimizerForm();
    reset(emptyOptimizerForm());
    toast.success('Dados apagados', { description: 'Os dados salvos do otimizador foram removidos.' });
  };

  const clearButton = (
    <Button variant="secondary" onClick={clearData} disabled={analysis.isPending}>
      <Eraser className="h-4 w-4" aria-hidden />
      Limpar Dados
    </Button>
  );

  if (analysis.isPending) {
    return (
      <div className="mx-auto max-w-4xl">
        <Card className="flex flex-col items-center gap-3 py-16 text-center">
          <Loader2 className="h-8 w-8 animate-spin text-primary" aria-hidden />
          <p role="status" className="text-sm text-zinc-200">
            {OPTIMIZER_LOADING}
          </p>
        </Card>
      </div>
    );
  }

  if (chat) {
    return (
      <div className="mx-auto max-w-4xl space-y-4">
        <Card className="space-y-4">
          <h2 className="flex items-center gap-2 text-base font-semibold">
            <Sparkles className="h-5 w-5 text-primary" aria-hidden />
            Análise da campanha
          </h2>
          <ol className="space-y-4" aria-label="Conversa com a IA">
            <li className="flex justify-end gap-2">
              <div className="max-w-[90%] whitespace-pre-line rounded-xl rounded-tr-sm bg-primary/15 px-4 py-3 text-sm text-green-50">
                <span className="sr-only">Você: </span>
                {chat.pergunta}
              </div>
              <User className="mt-1 h-6 w-6 shrink-0 text-muted" aria-hidden />
            </li>
            <li className="flex gap-2">
              <Bot className="mt-1 h-6 w-6 shrink-0 text-primary" aria-hidden />
              <div className="min-w-0 max-w-[95%] rounded-xl rounded-tl-sm border border-border bg-surface-2 px-4 py-3">
                <span className="sr-only">IA do Clube Escala: </span>
                <AnalysisText text={chat.resposta} />
              </div>
            </li>
          </ol>
        </Card>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => setChat(null)}>
            <RotateCcw className="h-4 w-4" aria-hidden />
            Nova Análise
          </Button>
          {clearButton}
        </div>
      </div>
    );
  }

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="mx-auto max-w-4xl space-y-6">
      <FormProvider {...methods}>
        <FunnelForm id={id} roi={roi} />
      </FormProvider>
      <div className="flex flex-wrap gap-3">
        <Button type="submit">
          <Sparkles className="h-4 w-4" aria-hidden />
          Analisar Campanha
        </Button>
        {clearButton}
      </div>
      <p className="text-xs text-muted">
        Os dados ficam salvos só neste navegador até você clicar em 'Limpar Dados'.
      </p>
    </form>
  );
}

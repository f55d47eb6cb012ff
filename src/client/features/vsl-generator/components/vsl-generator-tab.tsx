import { Clapperboard, Copy, Download, Wand2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { NumberField } from '../../../components/ui/number-input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { TemplateTile } from '../../../components/ui/template-tile';
import { downloadFile } from '../../../lib/download';
import { fileSlug } from '../../../lib/markdown';
import { toast } from '../../../lib/toast';
import {
  buildVslScript,
  canGenerateVsl,
  EMPTY_VSL_FORM,
  isVslPriceUnreadable,
  VSL_GENERATION_DELAY_MS,
  VSL_NICHES,
  VSL_TEMPLATES,
  VSL_TONES,
  type VslForm,
  type VslNiche,
  type VslTemplateId,
  type VslTone,
} from '../vsl-script';

const TEXT_MAX = 500;

/**
 * Dashboard tab 'gerador-vsl': four script templates, the settings form, the
 * generation (idle, then generating for 3 s, then the script) and the script with Copy and Download (.txt).
 * Everything happens in the browser: no server call.
 */
export default function VslGeneratorTab() {
  const id = useId();
  const [templateId, setTemplateId] = useState<VslTemplateId | null>(null);
  const [form, setForm] = useState<VslForm>(EMPTY_VSL_FORM);
  const [generating, setGenerating] = useState(false);
  const [script, setScript] = useState('');
  const [productName, setProductName] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const template = VSL_TEMPLATES.find((t) => t.id === templateId) ?? null;
  const missing = [
    template ? null : 'escolha um modelo',
    form.productName.trim() ? null : 'informe o nome do produto',
    form.niche ? null : 'escolha o nicho',
    isVslPriceUnreadable(form.price) ? 'corrija o preço' : null,
  ].filter(Boolean);
  const canGenerate = canGenerateVsl(template, form) && !generating;

  const set = <K extends keyof VslForm>(key: K, value: VslForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const generate = () => {
    if (!template || !canGenerateVsl(template, form)) return;
    setGenerating(true);
    const snapshot = { ...form };
    // The generation is simulated: the script is built in the browser after a fixed 3 s wait.
    timer.current = setTimeout(() => {
      setScript(buildVslScript(template, snapshot));
      setProductName(snapshot.productName);
      setGenerating(false);
      toast.success('Roteiro gerado!');
    }, VSL_GENERATION_DELAY_MS);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(script);
      toast.success('Copiado!', { description: 'O roteiro está na área de transferência.' });
    } catch {
      toast.error('Erro ao copiar', { description: 'Não foi possível copiar para a área de transferência.' });
    }
  };

  const download = () =>
    downloadFile(`roteiro-vsl-${fileSlug(productName, 'produto')}.txt`, script, 'text/plain;charset=utf-8');

  const textField = (
    key: 'targetAudience' | 'mainProblem' | 'solution' | 'bonuses',
    label: string,
    hint: string,
  ) => (
    <Field label={label} htmlFor={`${id}-${key}`}>
      <Textarea
        id={`${id}-${key}`}
        rows={3}
        className="min-h-20"
        maxLength={TEXT_MAX}
        placeholder={hint}
        value={form[key]}
        onChange={(e) => set(key, e.target.value)}
      />
    </Field>
  );

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <Card className="space-y-4">
        <h2 className="text-base font-semibold">Modelos de roteiro</h2>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {VSL_TEMPLATES.map((t) => {
            const selected = t.id === templateId;
            return (
              <li key={t.id}>
                <TemplateTile selected={selected} onSelect={() => setTemplateId(t.id)} className="gap-2 p-4">
                  <span className="flex flex-wrap items-center justify-between gap-2">
                    <span className="text-sm font-semibold">{t.name}</span>
                    <Badge variant={selected ? 'primary' : 'default'}>{t.duration}</Badge>
                  </span>
                  <span className="text-xs font-medium text-sky-300">{t.category}</span>
                  <span className="text-xs text-muted">{t.description}</span>
                  <span className="text-xs text-zinc-400">{t.structure.join(' > ')}</span>
                </TemplateTile>
              </li>
            );
          })}
        </ul>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="space-y-4">
          <h2 className="text-base font-semibold">Configurações</h2>
          <Field label="Nome do produto" htmlFor={`${id}-product`}>
            <Input
              id={`${id}-product`}
              maxLength={120}
              placeholder="Ex.: Método Seca Rápido"
              value={form.productName}
              onChange={(e) => set('productName', e.target.value)}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-3">
            <NumberField
              id={`${id}-price`}
              label="Preço (R$)"
              kind="money"
              placeholder="Ex.: 197,90"
              hint="Vazio: o roteiro diz R$ XX."
              value={form.price}
              onValueChange={(value) => set('price', value)}
            />
            <Field label="Nicho" htmlFor={`${id}-niche`}>
              <Select
                id={`${id}-niche`}
                value={form.niche}
                onChange={(e) => set('niche', e.target.value as VslNiche | '')}
                options={VSL_NICHES}
                placeholder="Selecione"
              />
            </Field>
            <Field label="Tom" htmlFor={`${id}-tone`}>
              <Select
                id={`${id}-tone`}
                value={form.tone}
                onChange={(e) => set('tone', e.target.value as VslTone)}
                options={VSL_TONES}
              />
            </Field>
          </div>
          {textField('targetAudience', 'Público-alvo', 'Ex.: mulheres acima de 40 anos')}
          {textField(
            'mainProblem',
            'Problema principal',
            'Ex.: a dificuldade de emagrecer depois da menopausa',
          )}
          {textField('solution', 'Solução', 'Ex.: um protocolo de 21 dias com cardápio pronto')}
          {textField('bonuses', 'Bônus (opcional)', 'Ex.: lista de compras e grupo VIP')}
          {missing.length > 0 ? (
            <p id={`${id}-missing`} className="text-sm text-amber-300">
              Para gerar, {missing.join(', ')}.
            </p>
          ) : null}
          <Button
            className="w-full"
            onClick={generate}
            disabled={!canGenerate}
            aria-describedby={missing.length > 0 ? `${id}-missing` : undefined}
          >
            {generating ? <Spinner className="h-4 w-4" /> : <Wand2 className="h-4 w-4" aria-hidden />}
            {generating ? 'Gerando roteiro...' : 'Gerar Roteiro'}
          </Button>
        </Card>

        <Card className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id={`${id}-script-title`} className="text-base font-semibold">
              Roteiro gerado
            </h2>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() => void copy()}
                disabled={!script || generating}
              >
                <Copy className="h-4 w-4" aria-hidden />
                Copiar
              </Button>
              <Button variant="outline" size="sm" onClick={download} disabled={!script || generating}>
                <Download className="h-4 w-4" aria-hidden />
                Baixar .txt
              </Button>
            </div>
          </div>
          {generating ? (
            <div
              role="status"
              className="flex min-h-80 flex-1 flex-col items-center justify-center gap-3 rounded-lg border border-border bg-surface-2 text-sm text-muted"
            >
              <Spinner className="h-6 w-6 text-primary" />
              Escrevendo o seu roteiro...
            </div>
          ) : script ? (
            <Textarea
              aria-labelledby={`${id}-script-title`}
              readOnly
              value={script}
              className="min-h-80 flex-1 font-mono text-xs leading-relaxed"
            />
          ) : (
            <div className="flex min-h-80 flex-1 flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted">
              <Clapperboard className="h-8 w-8" aria-hidden />
              <p>Escolha um modelo, preencha as configurações e clique em 'Gerar Roteiro'.</p>
            </div>
          )}
        </Card>
      </div>
    </div>
  );
}

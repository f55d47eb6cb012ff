import { Download, Eye, ImageIcon, Sparkles } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { TemplateTile } from '../../../components/ui/template-tile';
import { downloadFile } from '../../../lib/download';
import { fileSlug } from '../../../lib/markdown';
import { toast } from '../../../lib/toast';
import { describeCreative, renderCreativePng } from '../render-creative';
import {
  CATEGORY_FILTERS,
  type CategoryFilter,
  CREATIVE_NAME_MAX,
  CREATIVE_TEMPLATES,
  CREATIVE_TEXT_MAX,
  type CreativeForm,
  type CreativeTemplate,
  type CreativeTemplateId,
  DEFAULT_CREATIVE_FORM,
  FONT_FAMILIES,
  FONT_SIZES,
  type FontFamily,
  type FontSize,
  filterTemplates,
} from '../templates';

interface Generated {
  blob: Blob;
  url: string;
  alt: string;
  template: CreativeTemplate;
  fileName: string;
  /** The form as it was drawn: a later change makes the image out of date. */
  form: CreativeForm;
}

const COLOR_INPUT =
  'h-10 w-16 shrink-0 cursor-pointer rounded-lg border border-border bg-surface-2 p-1 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30';

const sameForm = (a: CreativeForm, b: CreativeForm) =>
  (Object.keys(a) as (keyof CreativeForm)[]).every((key) => a[key] === b[key]);

/** A miniature of the template's layout, in its aspect ratio (the spec's placeholder images are not fetched). */
function TemplateMock({ template, form }: { template: CreativeTemplate; form: CreativeForm }) {
  const ratio = template.width / template.height;
  return (
    <div className="flex h-24 items-center justify-center" aria-hidden>
      <div
        className="relative overflow-hidden rounded border border-border"
        style={{
          aspectRatio: `${template.width} / ${template.height}`,
          height: ratio >= 1 ? undefined : '100%',
          width: ratio >= 1 ? '100%' : undefined,
          maxHeight: '6rem',
          background: template.id === 'post-social' ? form.primaryColor : form.secondaryColor,
        }}
      >
        {template.id === 'anuncio-facebook' ? (
          <div className="absolute inset-y-0 left-0 w-[45%]" style={{ background: form.primaryColor }} />
        ) : null}
        {template.id === 'post-social' ? (
          <div className="absolute inset-[6%] rounded" style={{ background: form.secondaryColor }} />
        ) : null}
        {template.id === 'banner-promo' ? (
          <div className="absolute inset-y-0 left-0 w-[2%]" style={{ background: form.primaryColor }} />
        ) : null}
        {template.id === 'story-instagram' ? (
          <>
            <div className="absolute inset-x-0 top-0 h-[2%]" style={{ background: form.primaryColor }} />
            <div className="absolute inset-x-0 bottom-0 h-[2%]" style={{ background: form.primaryColor }} />
          </>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Dashboard tab 'fabrica-criativos': the four templates with the category
 * filter, the customization form, and Generate (a real PNG drawn on a <canvas> in the browser), Preview and
 * Download. No server call, no outside request.
 */
export default function CreativeFactoryTab() {
  const id = useId();
  const [filter, setFilter] = useState<CategoryFilter>('Todos');
  const [templateId, setTemplateId] = useState<CreativeTemplateId | null>(null);
  const [form, setForm] = useState<CreativeForm>(DEFAULT_CREATIVE_FORM);
  const [generated, setGenerated] = useState<Generated | null>(null);
  const [generating, setGenerating] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);

  useEffect(() => () => (generated ? URL.revokeObjectURL(generated.url) : undefined), [generated]);

  const template = CREATIVE_TEMPLATES.find((t) => t.id === templateId) ?? null;
  const visible = filterTemplates(filter);
  // Generate is disabled until a template is chosen and a name is entered.
  const missing = [
    template ? null : 'escolha um modelo',
    form.name.trim() ? null : 'dê um nome ao criativo',
  ].filter(Boolean);
  const canGenerate = missing.length === 0 && !generating;
  const outdated =
    generated !== null && (generated.template.id !== templateId || !sameForm(generated.form, form));

  const set = <K extends keyof CreativeForm>(key: K, value: CreativeForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const generate = async () => {
    if (!template || !form.name.trim()) return;
    setGenerating(true);
    try {
      const snapshot = { ...form };
      const blob = await renderCreativePng(template, snapshot);
      setGenerated({
        blob,
        url: URL.createObjectURL(blob),
        alt: describeCreative(template, snapshot),
        template,
        fileName: `${fileSlug(snapshot.name, 'criativo')}-${template.id}.png`,
        form: snapshot,
      });
      toast.success('Criativo gerado!', {
        description: `${template.width} × ${template.height} px, em PNG.`,
      });
    } catch (error) {
      toast.error('Erro ao gerar o criativo', {
        description: error instanceof Error ? error.message : 'Tente novamente.',
      });
    } finally {
      setGenerating(false);
    }
  };

  const download = () => {
    if (!generated) return;
    downloadFile(generated.fileName, generated.blob, 'image/png');
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <div className="min-w-0 space-y-6">
        <Card className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-base font-semibold">Modelos</h2>
            <fieldset className="flex flex-wrap gap-1">
              <legend className="sr-only">Filtrar modelos por categoria</legend>
              {CATEGORY_FILTERS.map((category) => (
                <Button
                  key={category}
                  size="sm"
                  variant={filter === category ? 'primary' : 'outline'}
                  aria-pressed={filter === category}
                  onClick={() => setFilter(category)}
                >
                  {category}
                </Button>
              ))}
            </fieldset>
          </div>
          <ul className="grid gap-3 sm:grid-cols-2">
            {visible.map((t) => {
              const selected = t.id === templateId;
              return (
                <li key={t.id}>
                  <TemplateTile
                    selected={selected}
                    onSelect={() => setTemplateId(t.id)}
                    className="gap-3 p-3"
                  >
                    <TemplateMock template={t} form={form} />
                    <span className="flex flex-wrap items-center justify-between gap-2">
                      <span className="text-sm font-semibold">{t.name}</span>
                      <Badge variant={selected ? 'primary' : 'default'}>{t.category}</Badge>
                    </span>
                    <span className="text-xs text-muted">
                      {t.description} {t.width} × {t.height} px.
                    </span>
                  </TemplateTile>
                </li>
              );
            })}
          </ul>
        </Card>

        <Card className="space-y-4">
          <h2 className="text-base font-semibold">Personalização</h2>
          <Field label="Nome do criativo" htmlFor={`${id}-name`}>
            <Input
              id={`${id}-name`}
              value={form.name}
              maxLength={CREATIVE_NAME_MAX}
              placeholder="Ex.: Black Friday 70% OFF"
              aria-describedby={`${id}-name-hint`}
              onChange={(e) => set('name', e.target.value)}
            />
            <p id={`${id}-name-hint`} className="text-xs text-muted">
              Vira o título da imagem e o nome do arquivo.
            </p>
          </Field>
          <Field label="Texto" htmlFor={`${id}-text`}>
            <Textarea
              id={`${id}-text`}
              rows={3}
              value={form.text}
              maxLength={CREATIVE_TEXT_MAX}
              placeholder="Ex.: Só hoje: leve o kit completo com frete grátis"
              onChange={(e) => set('text', e.target.value)}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Cor primária" htmlFor={`${id}-primary`}>
              <div className="flex items-center gap-3">
                <input
                  id={`${id}-primary`}
                  type="color"
                  className={COLOR_INPUT}
                  value={form.primaryColor}
                  onChange={(e) => set('primaryColor', e.target.value)}
                />
                <span className="font-mono text-sm text-muted">{form.primaryColor}</span>
              </div>
            </Field>
            <Field label="Cor secundária" htmlFor={`${id}-secondary`}>
              <div className="flex items-center gap-3">
                <input
                  id={`${id}-secondary`}
                  type="color"
                  className={COLOR_INPUT}
                  value={form.secondaryColor}
                  onChange={(e) => set('secondaryColor', e.target.value)}
                />
                <span className="font-mono text-sm text-muted">{form.secondaryColor}</span>
              </div>
            </Field>
            <Field label="Fonte" htmlFor={`${id}-font`}>
              <Select
                id={`${id}-font`}
                value={form.fontFamily}
                onChange={(e) => set('fontFamily', e.target.value as FontFamily)}
                options={FONT_FAMILIES}
              />
            </Field>
            <Field label="Tamanho da fonte" htmlFor={`${id}-size`}>
              <Select
                id={`${id}-size`}
                value={String(form.fontSize)}
                onChange={(e) => set('fontSize', Number(e.target.value) as FontSize)}
              >
                {FONT_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size} px
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <p className="text-xs text-muted">
            A fonte escolhida é usada se estiver instalada no seu computador; se não estiver, a imagem usa a
            fonte do sistema mais parecida. Nada é baixado da internet.
          </p>
        </Card>
      </div>

      <Card className="h-fit space-y-4 lg:sticky lg:top-4">
        <div className="space-y-1">
          <h2 className="text-base font-semibold">Seu criativo</h2>
          <p className="text-sm text-muted">
            {template
              ? `Modelo: ${template.name} (${template.width} × ${template.height} px)`
              : 'Nenhum modelo escolhido.'}
          </p>
        </div>
        {generated ? (
          <img
            src={generated.url}
            alt={generated.alt}
            className="mx-auto max-h-96 w-auto max-w-full rounded-lg border border-border"
          />
        ) : (
          <div className="flex h-48 flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-border text-center text-sm text-muted">
            <ImageIcon className="h-8 w-8" aria-hidden />
            <p className="px-4">A imagem aparece aqui depois de clicar em 'Gerar Criativo'.</p>
          </div>
        )}
        <p className="text-xs text-muted" aria-live="polite">
          {outdated
            ? 'Você mudou o modelo ou o formulário: clique em Gerar Criativo para atualizar a imagem.'
            : ''}
        </p>
        {missing.length > 0 ? (
          <p id={`${id}-missing`} className="text-sm text-amber-300">
            Para gerar, {missing.join(' e ')}.
          </p>
        ) : null}
        <div className="grid grid-cols-2 gap-2">
          <Button
            className="col-span-2"
            onClick={() => void generate()}
            disabled={!canGenerate}
            aria-describedby={missing.length > 0 ? `${id}-missing` : undefined}
          >
            {generating ? <Spinner className="h-4 w-4" /> : <Sparkles className="h-4 w-4" aria-hidden />}
            {generating ? 'Gerando...' : 'Gerar Criativo'}
          </Button>
          <Button variant="secondary" onClick={() => setPreviewOpen(true)} disabled={!generated}>
            <Eye className="h-4 w-4" aria-hidden />
            Visualizar
          </Button>
          <Button variant="outline" onClick={download} disabled={!generated}>
            <Download className="h-4 w-4" aria-hidden />
            Baixar PNG
          </Button>
        </div>
      </Card>

      <Dialog open={previewOpen && generated !== null} onOpenChange={setPreviewOpen}>
        {generated ? (
          <DialogContent
            title={generated.form.name}
            description={`${generated.template.name}, ${generated.template.width} × ${generated.template.height} px`}
            className="max-w-4xl"
          >
            <img
              src={generated.url}
              alt={generated.alt}
              className="mx-auto max-h-[70dvh] w-auto max-w-full"
            />
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}

import { ImagePlus, Trash2, Type } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { type FieldValues, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  POST_REQUIRED,
  POST_TITLE_MAX,
  PROMOTION_CATEGORIAS,
  PROMOTION_FORMATOS,
  PROMOTION_NICHOS,
} from '../../../../shared/community-constants';
import type * as communitySchemas from '../../../../shared/schemas/community';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { leadingErrorMessage } from '../../../lib/form-errors';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { toast } from '../../../lib/toast';
import { PROMOTION_BOARD } from '../api/board';
import { uploadPostImage, useCreatePost } from '../api/use-create-post';
import { useMentions } from '../use-mentions';
import {
  type Classification,
  ClassificationFields,
  NO_CLASSIFICATION,
  RequiredFieldsNote,
} from './choice-field';
import { postImageError } from './image-picker';
import { MentionTextarea } from './mention-textarea';

type Block = { key: number; type: 'text'; value: string } | { key: number; type: 'image'; url: string };

/** The description the server expects: text blocks joined by blank lines, images as `[IMAGE:url]` markers. */
export function joinBlocks(blocks: Block[]): string {
  return blocks
    .map((block) => (block.type === 'text' ? block.value.trim() : `[IMAGE:${block.url}]`))
    .filter(Boolean)
    .join('\n\n');
}

/** The promotion board names its three choices Categoria, Formato and Tipo (stored as nicho, formato, categoria). */
const PROMOTION_CHOICES = {
  nicho: { label: 'Categoria', options: PROMOTION_NICHOS },
  formato: { label: 'Formato', options: PROMOTION_FORMATOS },
  categoria: { label: 'Tipo', options: PROMOTION_CATEGORIAS },
};

type PromotionForm = { title: string } & Classification;
const EMPTY: PromotionForm = { title: '', ...NO_CLASSIFICATION };
type PromotionPost = z.output<typeof communitySchemas.promotionPostInput>;

/**
 * The route's schema, loaded lazily (Zod stays out of the community screens' first load), over the fields and the
 * content as the server gets it: the blocks, joined, are the description.
 */
function usePromotionResolver(blocks: Block[]): Resolver<PromotionForm, unknown, PromotionPost> {
  const current = useRef(blocks);
  current.current = blocks;
  return useCallback<Resolver<PromotionForm, unknown, PromotionPost>>(
    (values, context, options) =>
      promotionSchemaResolver(
        { ...values, description: joinBlocks(current.current) },
        context,
        options as never,
      ) as unknown as ReturnType<Resolver<PromotionForm, unknown, PromotionPost>>,
    [],
  );
}
const promotionSchemaResolver = lazyZodResolver<
  communitySchemas.PromotionPostInput & FieldValues,
  PromotionPost
>(() => import('../../../../shared/schemas/community').then((m) => m.promotionPostInput));

/** /publicar-divulgacao: title, nicho, formato, categoria and a content of text blocks and inserted images. */
export function PublishPromotionForm({
  onPublished,
  onCancel,
}: {
  onPublished: () => void;
  onCancel: () => void;
}) {
  const nextKey = useRef(1);
  const [blocks, setBlocks] = useState<Block[]>([{ key: 0, type: 'text', value: '' }]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: usePromotionResolver(blocks), defaultValues: EMPTY });
  const [error, setError] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const create = useCreatePost(PROMOTION_BOARD);
  const mentions = useMentions();
  const busy = uploading || create.isPending;
  const invalid = (name: keyof PromotionForm) => Boolean(errors[name]);

  const addText = () => setBlocks((list) => [...list, { key: nextKey.current++, type: 'text', value: '' }]);
  const setText = (key: number, value: string) =>
    setBlocks((list) => list.map((b) => (b.key === key && b.type === 'text' ? { ...b, value } : b)));
  const remove = (key: number) => setBlocks((list) => list.filter((b) => b.key !== key));

  const insertImage = async (file: File) => {
    const problem = postImageError(file);
    setImageError(problem);
    if (problem) return;
    setUploading(true);
    try {
      const { url } = await uploadPostImage(file);
      setBlocks((list) => [
        ...list,
        { key: nextKey.current++, type: 'image', url },
        { key: nextKey.current++, type: 'text', value: '' },
      ]);
    } catch (failure) {
      setImageError(errorMessage(failure, 'Não foi possível enviar a imagem. Tente novamente.'));
    } finally {
      setUploading(false);
    }
  };

  const submit = handleSubmit(
    async (values) => {
      if (busy) return;
      setError(null);
      try {
        await create.mutateAsync({
          ...values,
          description: mentions.toMarkup(values.description),
          image: null,
        });
        toast.success('Post publicado!');
        onPublished();
      } catch (failure) {
        setError(errorMessage(failure, 'Não foi possível publicar o post. Tente novamente.'));
        toast.error('Erro ao publicar', {
          description: 'Não foi possível publicar o post. Tente novamente.',
        });
      }
    },
    (invalidFields) => {
      if (busy) return;
      // A missing field answers with the required-fields message, whatever else the schema found.
      const message = leadingErrorMessage(invalidFields, POST_REQUIRED);
      setError(message);
      toast.error('Erro ao publicar', { description: message });
    },
  );

  return (
    <form
      data-allow-submit
      noValidate
      onSubmit={submit}
      className="space-y-5 rounded-xl border border-border bg-surface p-4 sm:p-6"
    >
      <RequiredFieldsNote />
      <Field label="Título" htmlFor="promo-title" required>
        <Input
          id="promo-title"
          maxLength={POST_TITLE_MAX}
          {...register('title')}
          aria-invalid={invalid('title') || undefined}
          placeholder="O que você oferece ou procura?"
          required
          aria-required
        />
      </Field>
      <ClassificationFields
        idPrefix="promo"
        choices={PROMOTION_CHOICES}
        field={(key) => register(key)}
        invalid={invalid}
      />

      <fieldset className="space-y-3">
        <legend className="mb-1.5 text-sm font-medium text-zinc-300">Conteúdo</legend>
        {blocks.map((block, index) =>
          block.type === 'text' ? (
            <div key={block.key} className="flex items-start gap-2">
              <MentionTextarea
                mentions={mentions}
                aria-label={`Bloco de texto ${index + 1}`}
                value={block.value}
                rows={4}
                onChange={(event) => setText(block.key, event.target.value)}
                placeholder="Escreva aqui. Links http(s) ficam clicáveis."
              />
              {blocks.length > 1 ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remover bloco ${index + 1}`}
                  onClick={() => remove(block.key)}
                >
                  <Trash2 aria-hidden className="h-4 w-4" />
                </Button>
              ) : null}
            </div>
          ) : (
            <div key={block.key} className="flex items-start gap-2">
              <img
                src={block.url}
                alt={`Imagem inserida ${index + 1}`}
                className="max-h-60 min-w-0 flex-1 rounded-lg border border-border object-contain"
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remover imagem ${index + 1}`}
                onClick={() => remove(block.key)}
              >
                <Trash2 aria-hidden className="h-4 w-4" />
              </Button>
            </div>
          ),
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" size="sm" onClick={addText} disabled={busy}>
            <Type aria-hidden className="h-4 w-4" />
            Adicionar texto
          </Button>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() => fileInput.current?.click()}
          >
            {uploading ? <Spinner /> : <ImagePlus aria-hidden className="h-4 w-4" />}
            {uploading ? 'Enviando imagem...' : 'Inserir imagem'}
          </Button>
          <label htmlFor={fileId} className="sr-only">
            Inserir imagem (PNG, JPG até 10MB)
          </label>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            tabIndex={-1}
            accept="image/png,image/jpeg,image/webp"
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void insertImage(file);
            }}
          />
        </div>
        <p className="text-xs text-muted">Imagens: PNG, JPG até 10MB</p>
        {imageError ? (
          <p role="alert" className="text-xs text-red-400">
            {imageError}
          </p>
        ) : null}
      </fieldset>

      {error ? <Notice variant="red">{error}</Notice> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" disabled={busy}>
          {create.isPending ? <Spinner /> : null}
          {create.isPending ? 'Publicando...' : 'Publicar'}
        </Button>
      </div>
    </form>
  );
}

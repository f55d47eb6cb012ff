import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  COMMUNITY_CATEGORIAS,
  COMMUNITY_DESCRIPTION_MAX,
  COMMUNITY_FORMATOS,
  COMMUNITY_NICHOS,
  POST_REQUIRED,
  POST_TITLE_MAX,
} from '../../../../shared/community-constants';
import type * as communitySchemas from '../../../../shared/schemas/community';
import type { CommunityPostInput } from '../../../../shared/schemas/community';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { leadingErrorMessage } from '../../../lib/form-errors';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { toast } from '../../../lib/toast';
import { COMMUNITY_BOARD } from '../api/board';
import { uploadPostImage, useCreatePost } from '../api/use-create-post';
import { useMentions } from '../use-mentions';
import {
  type Classification,
  ClassificationFields,
  NO_CLASSIFICATION,
  RequiredFieldsNote,
} from './choice-field';
import { ImagePicker } from './image-picker';
import { MentionTextarea } from './mention-textarea';

const POST_CHOICES = {
  nicho: { label: 'Nicho', options: COMMUNITY_NICHOS },
  formato: { label: 'Formato', options: COMMUNITY_FORMATOS },
  categoria: { label: 'Categoria', options: COMMUNITY_CATEGORIAS },
};

type PostForm = Pick<CommunityPostInput, 'title' | 'description'> & Classification;
const EMPTY: PostForm = { title: '', description: '', ...NO_CLASSIFICATION };

// The route's schema, loaded lazily: Zod stays out of the community screens' first load.
const communityPostResolver = lazyZodResolver<PostForm, z.output<typeof communitySchemas.communityPostInput>>(
  () => import('../../../../shared/schemas/community').then((m) => m.communityPostInput),
);

/** /publicar-post: title, description, optional image, nicho, formato and categoria. */
export function PublishPostForm({
  onPublished,
  onCancel,
}: {
  onPublished: () => void;
  onCancel: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: communityPostResolver, defaultValues: EMPTY });
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const create = useCreatePost(COMMUNITY_BOARD);
  const mentions = useMentions();
  const busy = uploading || create.isPending;
  const invalid = (name: keyof PostForm) => Boolean(errors[name]);

  const submit = handleSubmit(
    async (values) => {
      if (busy) return;
      setError(null);
      try {
        let imageUrl: string | null = null;
        if (image) {
          setUploading(true);
          imageUrl = (await uploadPostImage(image)).url;
        }
        await create.mutateAsync({
          ...values,
          description: mentions.toMarkup(values.description),
          image: imageUrl,
        });
        toast.success('Publicação criada!');
        onPublished();
      } catch (failure) {
        const message = errorMessage(failure, 'Não foi possível criar a publicação. Tente novamente.');
        setError(message);
        toast.error('Erro ao criar publicação', { description: message });
      } finally {
        setUploading(false);
      }
    },
    (invalidFields) => {
      if (busy) return;
      // A missing field answers with the required-fields message, whatever else the schema found.
      const message = leadingErrorMessage(invalidFields, POST_REQUIRED);
      setError(message);
      toast.error('Erro ao criar publicação', { description: message });
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
      <Field label="Título" htmlFor="post-title" required>
        <Input
          id="post-title"
          maxLength={POST_TITLE_MAX}
          {...register('title')}
          aria-invalid={invalid('title') || undefined}
          placeholder="Dê um título à sua publicação"
          required
          aria-required
        />
      </Field>
      <Field label="Descrição" htmlFor="post-description" required>
        <MentionTextarea
          mentions={mentions}
          id="post-description"
          rows={6}
          maxLength={COMMUNITY_DESCRIPTION_MAX}
          {...register('description')}
          aria-invalid={invalid('description') || undefined}
          placeholder="Conte os detalhes: resultados, dúvidas, links..."
          required
          aria-required
        />
      </Field>
      <ImagePicker file={image} onChange={setImage} disabled={busy} />
      <ClassificationFields
        idPrefix="post"
        choices={POST_CHOICES}
        field={(key) => register(key)}
        invalid={invalid}
      />
      {error ? <Notice variant="red">{error}</Notice> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner /> : null}
          {uploading ? 'Enviando imagem...' : create.isPending ? 'Publicando...' : 'Publicar'}
        </Button>
      </div>
    </form>
  );
}

import { type FormEvent, useState } from 'react';
import {
  COMMUNITY_CATEGORIAS,
  COMMUNITY_DESCRIPTION_MAX,
  COMMUNITY_FORMATOS,
  COMMUNITY_NICHOS,
  POST_REQUIRED,
  POST_TITLE_MAX,
} from '../../../../shared/community-constants';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { COMMUNITY_BOARD } from '../api/board';
import { uploadPostImage, useCreatePost } from '../api/use-create-post';
import { type Classification, ClassificationFields, NO_CLASSIFICATION } from './choice-field';
import { ImagePicker } from './image-picker';

const POST_CHOICES = {
  nicho: { label: 'Nicho', options: COMMUNITY_NICHOS },
  formato: { label: 'Formato', options: COMMUNITY_FORMATOS },
  categoria: { label: 'Categoria', options: COMMUNITY_CATEGORIAS },
};

/** /publicar-post: title, description, optional image, nicho, formato and categoria (spec 02 §5). */
export function PublishPostForm({
  onPublished,
  onCancel,
}: {
  onPublished: () => void;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [classification, setClassification] = useState<Classification>(NO_CLASSIFICATION);
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const create = useCreatePost(COMMUNITY_BOARD);
  const busy = uploading || create.isPending;
  const missing = (value: string) => Boolean(error === POST_REQUIRED && !value.trim());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (![title, description, ...Object.values(classification)].every((v) => v.trim())) {
      setError(POST_REQUIRED);
      toast.error('Erro ao criar publicação', { description: POST_REQUIRED });
      return;
    }
    setError(null);
    try {
      let imageUrl: string | null = null;
      if (image) {
        setUploading(true);
        imageUrl = (await uploadPostImage(image)).url;
      }
      await create.mutateAsync({
        title: title.trim(),
        description: description.trim(),
        ...classification,
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
  };

  return (
    <form
      data-allow-submit
      noValidate
      onSubmit={submit}
      className="space-y-5 rounded-xl border border-border bg-surface p-4 sm:p-6"
    >
      <Field label="Título" htmlFor="post-title">
        <Input
          id="post-title"
          value={title}
          maxLength={POST_TITLE_MAX}
          onChange={(event) => setTitle(event.target.value)}
          aria-invalid={missing(title) || undefined}
          placeholder="Dê um título à sua publicação"
          required
        />
      </Field>
      <Field label="Descrição" htmlFor="post-description">
        <Textarea
          id="post-description"
          value={description}
          rows={6}
          maxLength={COMMUNITY_DESCRIPTION_MAX}
          onChange={(event) => setDescription(event.target.value)}
          aria-invalid={missing(description) || undefined}
          placeholder="Conte os detalhes: resultados, dúvidas, links..."
          required
        />
      </Field>
      <ImagePicker file={image} onChange={setImage} disabled={busy} />
      <ClassificationFields
        idPrefix="post"
        choices={POST_CHOICES}
        value={classification}
        onChange={setClassification}
        missing={missing}
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

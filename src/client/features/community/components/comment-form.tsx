import { type FormEvent, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { COMMENT_MAX } from '../../../../shared/community-constants';
import type * as communitySchemas from '../../../../shared/schemas/community';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import type { BoardKind } from '../api/board';
import { useAddComment } from '../api/use-comments';
import { useMentions } from '../use-mentions';
import type { Viewer } from '../viewer';
import { MentionTextarea } from './mention-textarea';

// The route's schema, loaded lazily: Zod stays out of the community screens' first load.
const commentResolver = lazyZodResolver<{ content: string }, z.output<typeof communitySchemas.commentInput>>(
  () => import('../../../../shared/schemas/community').then((m) => m.commentInput),
);

/** The form of a new comment, or of a reply when `parentId` is given; `@` offers members to mention. */
export function CommentForm({
  kind,
  postId,
  parentId,
  viewer,
  label,
  onDone,
}: {
  kind: BoardKind;
  postId: string;
  parentId?: string;
  viewer: Viewer | null;
  label: string;
  onDone?: () => void;
}) {
  const [loginError, setLoginError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: commentResolver,
    defaultValues: { content: '' },
    // Checked on submit: the message stays until the next 'Comentar' or 'Responder'.
    reValidateMode: 'onSubmit',
  });
  const error = loginError ?? errors.content?.message ?? null;
  const add = useAddComment(kind, postId);
  const id = useId();
  const mentions = useMentions();

  const send = handleSubmit(({ content }) => {
    add.mutate(
      { content: mentions.toMarkup(content), ...(parentId ? { parentId } : {}) },
      {
        onSuccess: () => {
          reset();
          mentions.reset();
          onDone?.();
        },
      },
    );
  });

  const submit = (event: FormEvent) => {
    if (!viewer) {
      event.preventDefault();
      setLoginError(
        parentId ? 'Você precisa estar logado para responder' : 'Você precisa estar logado para comentar',
      );
      return;
    }
    setLoginError(null);
    void send(event);
  };

  return (
    <form data-allow-submit noValidate onSubmit={submit} className="space-y-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <MentionTextarea
        mentions={mentions}
        id={id}
        maxLength={COMMENT_MAX}
        rows={2}
        placeholder={parentId ? 'Escreva uma resposta...' : 'Escreva um comentário...'}
        {...register('content', { disabled: !viewer })}
        aria-invalid={error ? true : undefined}
      />
      {error ? (
        <p role="alert" className="text-xs text-red-400">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {onDone ? (
          <Button type="button" variant="ghost" size="sm" onClick={onDone}>
            Cancelar
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={!viewer || add.isPending}>
          {add.isPending ? <Spinner /> : null}
          {parentId ? 'Responder' : 'Comentar'}
        </Button>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Send, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type AdminNotification,
  createNotificationInput,
  NOTIFICATION_FORM_MESSAGE,
} from '../../../../shared/schemas/notifications';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Linkify } from '../../../components/ui/linkify';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import { useAdminNotifications } from '../api/use-admin-notifications';
import { useCreateNotification } from '../api/use-create-notification';
import { useDeleteAdminNotification } from '../api/use-delete-admin-notification';
import { ErrorBlock, LoadingBlock } from './query-state';

function NotificationForm() {
  const create = useCreateNotification();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(createNotificationInput),
    defaultValues: { title: '', description: '' },
  });
  const [title, description] = watch(['title', 'description']);
  const incomplete = title.trim() === '' || description.trim() === '';
  // The form's one message: the schema's first, where the hint stands.
  const error = errors.title?.message ?? errors.description?.message;

  const onSubmit = handleSubmit((values) => {
    create.mutate(values, { onSuccess: () => reset() });
  });

  return (
    <Card>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <h2 className="font-semibold">Nova notificação</h2>
        <Field label="Título" htmlFor="notification-title">
          <Input
            id="notification-title"
            maxLength={255}
            placeholder="Ex.: Nova call nesta quinta"
            {...register('title')}
          />
        </Field>
        <Field label="Descrição" htmlFor="notification-description">
          <Textarea
            id="notification-description"
            maxLength={5000}
            rows={4}
            placeholder="Links começando com http:// ou https:// ficam clicáveis."
            {...register('description')}
          />
        </Field>
        {error ? (
          <p role="alert" className="text-sm text-red-400">
            {error}
          </p>
        ) : incomplete ? (
          <p className="text-xs text-muted">{NOTIFICATION_FORM_MESSAGE}</p>
        ) : null}
        <Button type="submit" disabled={incomplete || create.isPending} className="w-full sm:w-auto">
          {create.isPending ? <Spinner /> : <Send className="h-4 w-4" aria-hidden />}
          Enviar para todos os usuários
        </Button>
      </form>
    </Card>
  );
}

function HistoryItem({ notification, onDelete }: { notification: AdminNotification; onDelete: () => void }) {
  return (
    <li className="flex gap-3 p-4">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-medium break-words">{notification.title}</p>
        <p className="text-sm break-words whitespace-pre-line text-zinc-300">
          <Linkify text={notification.description} />
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
          <span>{formatDateTime(notification.createdAt)}</span>
          <span className="inline-flex items-center gap-1">
            <Users className="h-3.5 w-3.5" aria-hidden />
            {notification.recipients === 1 ? '1 destinatário' : `${notification.recipients} destinatários`}
          </span>
        </p>
      </div>
      <Button variant="ghost" size="icon" aria-label="Excluir notificação" onClick={onDelete}>
        <Trash2 className="h-4 w-4 text-red-400" aria-hidden />
      </Button>
    </li>
  );
}

export function NotificationsTab() {
  const { data, isPending, isError, error } = useAdminNotifications();
  const remove = useDeleteAdminNotification();
  const [toDelete, setToDelete] = useState<AdminNotification | null>(null);

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <NotificationForm />
      <section className="space-y-3">
        <div className="flex items-center gap-2">
          <h2 className="font-semibold">Histórico</h2>
          {data ? <Badge variant="primary">{data.length}</Badge> : null}
        </div>
        {isPending ? (
          <LoadingBlock />
        ) : isError ? (
          <ErrorBlock error={error} what="as notificações" />
        ) : data.length === 0 ? (
          <p className="rounded-xl border border-border bg-surface p-8 text-center text-sm text-muted">
            Nenhuma notificação enviada ainda.
          </p>
        ) : (
          <ul className="divide-y divide-border rounded-xl border border-border bg-surface">
            {data.map((notification) => (
              <HistoryItem
                key={notification.id}
                notification={notification}
                onDelete={() => setToDelete(notification)}
              />
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title="Excluir notificação"
        description={`A notificação "${toDelete?.title ?? ''}" será removida para todos os usuários. Deseja continuar?`}
        confirmLabel="Excluir"
        pending={remove.isPending}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
        }}
      />
    </div>
  );
}

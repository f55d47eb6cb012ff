import { CalendarDays, Clock, ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { LiveCall } from '../../../../shared/schemas/live-calls';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteLiveCall } from '../api/use-delete-live-call';
import { useLiveCalls } from '../api/use-live-calls';
import { useSaveLiveCall } from '../api/use-save-live-call';
import { formatCallDate, statusBadgeVariant } from '../live-call-display';
import { LiveCallForm } from './live-call-form';

function CallRow({ call, onEdit, onDelete }: { call: LiveCall; onEdit: () => void; onDelete: () => void }) {
  const day = formatCallDate(call.callDate);
  return (
    <li className="flex gap-3 p-4">
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <p className="min-w-0 font-medium break-words">{call.title}</p>
          <Badge variant={statusBadgeVariant(call.status)}>{call.status}</Badge>
        </div>
        <p className="text-sm break-words whitespace-pre-line text-zinc-300">{call.description}</p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
          {day ? (
            <span className="inline-flex items-center gap-1">
              <CalendarDays aria-hidden className="h-3.5 w-3.5" />
              {day}
            </span>
          ) : null}
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden className="h-3.5 w-3.5" />
            {call.callTime}
          </span>
          {call.link ? (
            <a
              href={call.link}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex max-w-full min-w-0 items-center gap-1 text-primary hover:underline"
            >
              <ExternalLink aria-hidden className="h-3.5 w-3.5 shrink-0" />
              <span className="truncate">{call.link}</span>
            </a>
          ) : (
            <span>Sem link</span>
          )}
        </p>
      </div>
      <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
        <Button variant="ghost" size="icon" aria-label={`Editar call ${call.title}`} onClick={onEdit}>
          <Pencil aria-hidden className="h-4 w-4" />
        </Button>
        <Button variant="ghost" size="icon" aria-label={`Excluir call ${call.title}`} onClick={onDelete}>
          <Trash2 aria-hidden className="h-4 w-4 text-red-400" />
        </Button>
      </div>
    </li>
  );
}

/** The admin panel's 'Calls' tab: the create/edit form and the list 'Calls Existentes'. */
export default function AdminCallsTab() {
  const { data, isPending, isError, error } = useLiveCalls();
  const save = useSaveLiveCall();
  const remove = useDeleteLiveCall();
  const [editing, setEditing] = useState<LiveCall | null>(null);
  const [toDelete, setToDelete] = useState<LiveCall | null>(null);
  const formRef = useRef<HTMLDivElement>(null);

  // On phones the form sits above a long list: bring it into view when a call is picked for editing.
  useEffect(() => {
    if (editing) formRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [editing]);

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <div ref={formRef} className="scroll-mt-4">
        <LiveCallForm
          key={editing?.id ?? 'nova'}
          editing={editing}
          pending={save.isPending}
          onCancelEdit={() => setEditing(null)}
          onSubmit={(data, reset) =>
            save.mutate(
              { id: editing?.id ?? null, data },
              {
                onSuccess: () => {
                  reset();
                  setEditing(null);
                },
              },
            )
          }
        />
      </div>
      <section className="space-y-3" aria-labelledby="calls-existentes">
        <div className="flex items-center gap-2">
          <h2 id="calls-existentes" className="font-semibold">
            Calls Existentes
          </h2>
          {data ? <Badge variant="primary">{data.length}</Badge> : null}
        </div>
        {isPending ? (
          <div role="status" aria-label="Carregando calls" className="flex justify-center py-12">
            <Spinner className="h-6 w-6 text-primary" />
          </div>
        ) : isError ? (
          <Notice variant="red">
            <p>Erro ao carregar calls ao vivo. {errorMessage(error, 'Tente novamente mais tarde.')}</p>
          </Notice>
        ) : data.length === 0 ? (
          <p className="rounded-xl border border-border bg-surface p-8 text-center text-sm text-muted">
            Nenhuma call cadastrada ainda.
          </p>
        ) : (
          <ul className="divide-y divide-border rounded-xl border border-border bg-surface">
            {data.map((call) => (
              <CallRow
                key={call.id}
                call={call}
                onEdit={() => setEditing(call)}
                onDelete={() => setToDelete(call)}
              />
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title="Excluir call"
        description="Tem certeza que deseja excluir esta call?"
        confirmLabel="Excluir"
        pending={remove.isPending}
        onConfirm={() => {
          if (!toDelete) return;
          const id = toDelete.id;
          remove.mutate(id, {
            onSettled: () => setToDelete(null),
            onSuccess: () => setEditing((current) => (current?.id === id ? null : current)),
          });
        }}
      />
    </div>
  );
}

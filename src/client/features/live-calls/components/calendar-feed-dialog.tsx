import { CalendarDays, CalendarPlus, Copy, ExternalLink, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import {
  callCalendarFileUrl,
  useCalendarFeed,
  useResetCalendarFeed,
  webcalUrl,
} from '../api/use-calendar-feed';

export const FEED_TITLE = 'Assinar agenda';

async function copyFeedUrl(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success('Endereço copiado!');
  } catch {
    toast.error('Erro ao copiar', { description: 'Selecione o endereço e copie manualmente.' });
  }
}

/** 'Adicionar à agenda' on a dated call: downloads its .ics (the calendar app opens it). */
export function AddToCalendarLink({ callId }: { callId: string }) {
  return (
    <a
      href={callCalendarFileUrl(callId)}
      download
      className={buttonClass({ variant: 'outline', className: 'w-full sm:w-auto' })}
    >
      <CalendarPlus aria-hidden className="h-4 w-4" />
      Adicionar à agenda
    </a>
  );
}

function FeedBody() {
  const feed = useCalendarFeed(true);
  const reset = useResetCalendarFeed();
  const [confirming, setConfirming] = useState(false);

  if (feed.isPending) {
    return (
      <div role="status" aria-label="Carregando endereço da agenda" className="flex justify-center py-8">
        <Spinner className="h-6 w-6 text-primary" />
      </div>
    );
  }
  if (feed.isError) {
    return (
      <Notice variant="red">
        <p>{errorMessage(feed.error, 'Não foi possível carregar o endereço da agenda.')}</p>
      </Notice>
    );
  }
  const { url, createdAt } = feed.data;
  return (
    <div className="space-y-4 text-sm">
      {url ? (
        <FeedAddress url={url} />
      ) : (
        <div className="space-y-2">
          <p className="text-zinc-300">
            Seu endereço pessoal da agenda foi gerado em <strong>{formatDate(createdAt)}</strong>. Por
            segurança, o clube não guarda o endereço para mostrá-lo de novo: as agendas que já o assinaram
            continuam atualizando.
          </p>
          <p className="text-zinc-300">
            Perdeu o endereço ou quer assinar em outro app? Gere um novo abaixo: o anterior para de funcionar.
          </p>
        </div>
      )}
      <div className="space-y-2 border-t border-border pt-4">
        <Button
          variant={url ? 'ghost' : 'primary'}
          className="w-full sm:w-auto"
          onClick={() => setConfirming(true)}
        >
          <RefreshCw className="h-4 w-4" aria-hidden />
          Gerar novo endereço
        </Button>
        <p className="text-xs text-muted">
          {url
            ? 'Use se o endereço vazou: o atual para de funcionar e as agendas que o assinaram deixam de atualizar.'
            : 'O endereço atual para de funcionar e as agendas que o assinaram deixam de atualizar.'}
        </p>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Gerar novo endereço?"
        description="O endereço atual para de funcionar. Você precisará assinar a agenda de novo com o novo endereço."
        confirmLabel="Gerar novo endereço"
        pending={reset.isPending}
        onConfirm={() => reset.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </div>
  );
}

/** The address as made now: shown once (the club keeps only its hash), to copy or open in a calendar app. */
function FeedAddress({ url }: { url: string }) {
  return (
    <>
      <p className="text-zinc-300">
        Assine uma vez e todas as calls com data aparecem na sua agenda, com as mudanças de horário e os
        cancelamentos. O endereço é pessoal: não compartilhe.
      </p>
      <Notice variant="yellow">
        <p>Copie agora: por segurança, este endereço não será mostrado de novo.</p>
      </Notice>
      <div className="flex gap-2">
        <Input
          readOnly
          aria-label="Endereço da agenda"
          value={url}
          onFocus={(event) => event.target.select()}
          className="min-w-0 font-mono text-xs"
        />
        <Button variant="secondary" onClick={() => copyFeedUrl(url)}>
          <Copy className="h-4 w-4" aria-hidden />
          Copiar
        </Button>
      </div>
      <a href={webcalUrl(url)} className={buttonClass({ variant: 'primary', className: 'w-full' })}>
        <ExternalLink aria-hidden className="h-4 w-4" />
        Abrir no app de agenda
      </a>
      <div className="space-y-1 rounded-lg border border-border bg-background p-3">
        <p className="font-medium">No Google Agenda</p>
        <p className="text-zinc-300">
          No computador, abra o Google Agenda, clique em <strong>+</strong> ao lado de "Outras agendas",
          escolha <strong>Adicionar por URL</strong>, cole o endereço e confirme. O Google atualiza a agenda
          algumas vezes por dia.
        </p>
      </div>
    </>
  );
}

/** The 'Agenda' button of the calls tab: the member's feed address to subscribe in a calendar app. */
export function CalendarFeedDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="w-full sm:w-auto">
          <CalendarDays aria-hidden className="h-4 w-4" />
          Agenda
        </Button>
      </DialogTrigger>
      <DialogContent title={FEED_TITLE} description="As calls ao vivo no Google Agenda, Apple ou Outlook.">
        {open ? <FeedBody /> : null}
      </DialogContent>
    </Dialog>
  );
}

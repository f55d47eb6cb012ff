import { CalendarDays, Clock, ExternalLink, Lock, PlayCircle, Video } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { type VideoEmbed, videoEmbedOf } from '../../../../shared/live-call-embed';
import {
  LIVE_CALL_LOCKED_TITLE,
  type LiveCall,
  liveCallLockedMessage,
} from '../../../../shared/schemas/live-calls';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClass } from '../../../components/ui/button';
import { Linkify } from '../../../components/ui/linkify';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../lib/toast';
import { useLiveCalls } from '../api/use-live-calls';
import { formatCallDate, statusBadgeVariant } from '../live-call-display';
import { AddToCalendarLink, CalendarFeedDialog } from './calendar-feed-dialog';
import { LiveCallPlayer } from './live-call-player';

export const LOAD_ERROR = 'Erro ao carregar calls ao vivo. Tente novamente mais tarde.';
export const EMPTY_LIST = 'Nenhuma call ao vivo disponível no momento.';
/** The notice that explains the lock; each locked button is described by it. */
const LOCKED_NOTE_ID = 'calls-locked-note';

function newTabLink(href: string, label: string) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClass({ variant: 'secondary', className: 'w-full sm:w-auto' })}
    >
      <ExternalLink aria-hidden className="h-4 w-4" />
      {label}
    </a>
  );
}

/**
 * The access button: a published call plays inline when its link is a video-site link and the
 * account may watch it (the server sends no link otherwise); every other link opens in a new tab.
 */
function AccessButton({ call, onPlay }: { call: LiveCall; onPlay: (embed: VideoEmbed) => void }) {
  if (call.status !== 'Publicado') {
    return call.link ? (
      newTabLink(call.link, 'Acessar Call')
    ) : (
      <Button variant="secondary" disabled className="w-full sm:w-auto">
        Link em breve
      </Button>
    );
  }
  if (call.locked) {
    // Locked (account younger than 7 days): shown as unavailable (lock, dashed and muted, aria-disabled), not
    // as the open recording's green button; activating it still says why ('Acesso Bloqueado').
    return (
      <Button
        variant="outline"
        aria-disabled="true"
        aria-describedby={LOCKED_NOTE_ID}
        className="w-full cursor-not-allowed border-dashed text-muted hover:bg-transparent sm:w-auto"
        onClick={() =>
          toast.error(LIVE_CALL_LOCKED_TITLE, { description: liveCallLockedMessage(call.daysLeft ?? 1) })
        }
      >
        <Lock aria-hidden className="h-4 w-4" />
        Assistir Gravação
      </Button>
    );
  }
  const embed = videoEmbedOf(call.link);
  if (embed) {
    return (
      <Button className="w-full sm:w-auto" onClick={() => onPlay(embed)}>
        <PlayCircle aria-hidden className="h-4 w-4" />
        Assistir Gravação
      </Button>
    );
  }
  return call.link ? (
    newTabLink(call.link, 'Abrir Gravação')
  ) : (
    <Button variant="secondary" disabled className="w-full sm:w-auto">
      Gravação em breve
    </Button>
  );
}

function CallCard({ call, onPlay }: { call: LiveCall; onPlay: (embed: VideoEmbed) => void }) {
  const day = formatCallDate(call.callDate);
  return (
    <li className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 flex-1 font-semibold break-words">{call.title}</h2>
        <Badge variant={statusBadgeVariant(call.status)}>{call.status}</Badge>
      </div>
      <p className="text-sm break-words whitespace-pre-line text-zinc-300">
        <Linkify text={call.description} />
      </p>
      <div className="mt-auto flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
          {day ? (
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden className="h-4 w-4" />
              {day}
            </span>
          ) : null}
          <span className="inline-flex items-center gap-1.5">
            <Clock aria-hidden className="h-4 w-4" />
            {call.callTime}
          </span>
        </p>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          {/* Dated calls only (the others are in no calendar); a postponed one goes out cancelled, so not offered. */}
          {call.callDate && call.status !== 'Adiada' ? <AddToCalendarLink callId={call.id} /> : null}
          <AccessButton call={call} onPlay={onPlay} />
        </div>
      </div>
    </li>
  );
}

/** The members' 'Calls ao Vivo' tab: call cards with status and access, and the inline player. */
export default function LiveCallsTab() {
  const { data, isPending, isError } = useLiveCalls();
  const [playing, setPlaying] = useState<{ call: LiveCall; embed: VideoEmbed } | null>(null);
  const playerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (playing) playerRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [playing]);

  const locked = data?.find((call) => call.locked);

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center">
        <Video aria-hidden className="hidden h-5 w-5 shrink-0 text-primary sm:block" />
        <p className="flex-1 text-sm text-zinc-300">
          Calls ao vivo toda <span className="font-semibold text-foreground">quinta-feira às 20h</span>. As
          gravações ficam disponíveis aqui depois de publicadas. Assine a agenda para receber as calls no seu
          calendário.
        </p>
        <CalendarFeedDialog />
      </div>
      {locked ? (
        <Notice variant="yellow" title={LIVE_CALL_LOCKED_TITLE}>
          <p id={LOCKED_NOTE_ID}>{liveCallLockedMessage(locked.daysLeft ?? 1)}</p>
        </Notice>
      ) : null}
      {playing ? (
        <div ref={playerRef} className="scroll-mt-4">
          <LiveCallPlayer
            key={playing.call.id}
            embed={playing.embed}
            title={playing.call.title}
            onClose={() => setPlaying(null)}
          />
        </div>
      ) : null}
      {isPending ? (
        <div role="status" aria-label="Carregando calls" className="flex justify-center py-16">
          <Spinner className="h-6 w-6 text-primary" />
        </div>
      ) : isError ? (
        <Notice variant="red">
          <p>{LOAD_ERROR}</p>
        </Notice>
      ) : data.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface p-10 text-center text-sm text-muted">
          {EMPTY_LIST}
        </p>
      ) : (
        <ul aria-label="Calls" className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {data.map((call) => (
            <CallCard key={call.id} call={call} onPlay={(embed) => setPlaying({ call, embed })} />
          ))}
        </ul>
      )}
    </div>
  );
}

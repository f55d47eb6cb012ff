import { Clock, ExternalLink, PlayCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { BeginnerMapLesson, BeginnerMapSectionId } from '../../../../shared/schemas/beginner-map';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { type Progress, sectionProgressLabel } from '../beginner-map-progress';
import { DoneToggle } from './done-toggle';
import { ProgressBar } from './progress-bar';

/** One of the four cards: its title, "3 de 13 aulas" and a bar, then its items. */
export function SectionCard({
  section,
  title,
  progress,
  children,
}: {
  section: BeginnerMapSectionId;
  title: string;
  progress: Progress;
  children: ReactNode;
}) {
  return (
    <Card className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">{title}</h2>
        <Badge variant="primary">{sectionProgressLabel(section, progress)}</Badge>
      </div>
      <ProgressBar done={progress.done} total={progress.total} label={`Progresso: ${title}`} />
      <ul className="space-y-0.5">{children}</ul>
    </Card>
  );
}

const rowButton =
  'flex min-w-0 flex-1 items-center gap-3 rounded-lg px-2 py-2 text-left text-sm transition-colors hover:bg-surface-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60';

/**
 * A lesson: with a video it opens the player, and its check marks it watched; without one it reads
 * 'Vídeo em breve' and is not clickable (a lesson finished before its video was removed can still be unmarked).
 */
export function LessonRow({
  lesson,
  playable,
  onOpen,
  onToggle,
}: {
  lesson: BeginnerMapLesson;
  playable: boolean;
  onOpen: () => void;
  onToggle: (done: boolean) => void;
}) {
  return (
    <li className="flex items-center gap-1">
      {playable || lesson.done ? (
        <DoneToggle checked={lesson.done} label={`Aula concluída: ${lesson.title}`} onChange={onToggle} />
      ) : (
        <span aria-hidden className="flex h-9 w-9 shrink-0 items-center justify-center text-zinc-600">
          <Clock className="h-4 w-4" />
        </span>
      )}
      {playable ? (
        <button type="button" onClick={onOpen} className={rowButton}>
          <PlayCircle className="h-4 w-4 shrink-0 text-primary" aria-hidden />
          <span className={cn('min-w-0 flex-1', lesson.done ? 'text-zinc-400' : 'text-zinc-200')}>
            {lesson.title}
            <span className="sr-only"> (assistir ao vídeo)</span>
          </span>
        </button>
      ) : (
        <p className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1 px-2 py-2 text-sm text-muted">
          <span className="min-w-0 flex-1">{lesson.title}</span>
          <Badge>Vídeo em breve</Badge>
        </p>
      )}
    </li>
  );
}

/**
 * A partner tool: its name links to the sign-up page (new tab), its check says the account is created, and a
 * tutorial video, when it has one, opens in the player.
 */
export function PartnerToolRow({
  tool,
  playable,
  onOpen,
  onToggle,
}: {
  tool: BeginnerMapLesson;
  playable: boolean;
  onOpen: () => void;
  onToggle: (done: boolean) => void;
}) {
  return (
    <li className="flex items-start gap-1">
      <DoneToggle checked={tool.done} label={`Conta criada: ${tool.title}`} onChange={onToggle} />
      <div className="min-w-0 flex-1 space-y-1 px-2 py-1.5">
        {tool.linkUrl ? (
          <a
            href={tool.linkUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm font-medium break-words text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60"
          >
            {/* The icon stays on the line of the name's last word. */}
            {tool.title.slice(0, tool.title.lastIndexOf(' ') + 1)}
            <span className="whitespace-nowrap">
              {tool.title.slice(tool.title.lastIndexOf(' ') + 1)}
              <ExternalLink aria-hidden className="ml-1.5 inline h-3.5 w-3.5 align-[-2px]" />
            </span>
            <span className="sr-only"> (abre em nova aba)</span>
          </a>
        ) : (
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-zinc-200">
            {tool.title}
            <Badge>Link em breve</Badge>
          </p>
        )}
        <p className="text-xs text-muted">{tool.description}</p>
        {playable ? (
          <button
            type="button"
            onClick={onOpen}
            className="inline-flex items-center gap-1.5 rounded-md py-1 text-xs font-medium text-zinc-300 hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60"
          >
            <PlayCircle aria-hidden className="h-3.5 w-3.5 text-primary" />
            Ver tutorial
            <span className="sr-only">{`: ${tool.title}`}</span>
          </button>
        ) : null}
      </div>
    </li>
  );
}

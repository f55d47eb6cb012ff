import { Link2, Pencil, Video } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { videoEmbedOf } from '../../../../shared/live-call-embed';
import {
  BEGINNER_MAP_SECTIONS,
  type BeginnerMapLesson,
  PARTNER_TOOLS_SECTION,
} from '../../../../shared/schemas/beginner-map';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useBeginnerMap } from '../api/use-beginner-map';
import { useSaveLesson } from '../api/use-save-lesson';
import { lessonsOf } from '../beginner-map-progress';
import { LessonEditForm } from './lesson-edit-form';

const hostOf = (link: string) => {
  try {
    return new URL(link).hostname.replace(/^www\./, '');
  } catch {
    return link;
  }
};

function LessonItem({
  lesson,
  selected,
  onEdit,
}: {
  lesson: BeginnerMapLesson;
  selected: boolean;
  onEdit: () => void;
}) {
  const embed = videoEmbedOf(lesson.videoUrl);
  const tool = lesson.section === PARTNER_TOOLS_SECTION;
  return (
    <li className={cn('flex items-center gap-3 px-4 py-3', selected && 'bg-primary/5')}>
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-sm font-medium break-words">
          <span className="text-muted">{`${lesson.order}. `}</span>
          {lesson.title}
        </p>
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
          {tool ? (
            lesson.linkUrl ? (
              <span className="inline-flex min-w-0 items-center gap-1">
                <Link2 aria-hidden className="h-3.5 w-3.5 shrink-0" />
                <span className="truncate">{hostOf(lesson.linkUrl)}</span>
              </span>
            ) : (
              <Badge variant="warning">Sem link</Badge>
            )
          ) : null}
          {embed ? (
            <Badge variant="primary">
              <Video aria-hidden className="h-3 w-3" />
              {embed.site}
            </Badge>
          ) : tool ? null : (
            <Badge>Sem vídeo</Badge>
          )}
        </div>
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Editar ${lesson.title}`}
        aria-pressed={selected}
        onClick={onEdit}
      >
        <Pencil aria-hidden className="h-4 w-4" />
      </Button>
    </li>
  );
}

/**
 * The admin panel's 'Mapa do Iniciante' tab: the lessons of the four cards with their video (or none) and the
 * partner tools with their link; the edit form saves one at a time. Members see the change on their next load.
 */
export default function AdminBeginnerMapTab() {
  const { data, isPending, isError, error } = useBeginnerMap();
  const save = useSaveLesson();
  const [editingId, setEditingId] = useState<string | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const editing = data?.lessons.find((lesson) => lesson.id === editingId) ?? null;

  // On phones the form sits above the long list: bring it into view when a lesson is picked.
  useEffect(() => {
    if (editingId) formRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [editingId]);

  if (isPending) {
    return (
      <div role="status" aria-label="Carregando aulas" className="flex justify-center py-12">
        <Spinner className="h-6 w-6 text-primary" />
      </div>
    );
  }
  if (isError) {
    return (
      <Notice variant="red">
        <p>{`Erro ao carregar o Mapa do Iniciante. ${errorMessage(error, 'Tente novamente mais tarde.')}`}</p>
      </Notice>
    );
  }

  const tutorials = data.lessons.filter((l) => l.section !== PARTNER_TOOLS_SECTION);
  const tools = lessonsOf(data.lessons, PARTNER_TOOLS_SECTION);
  const withVideo = tutorials.filter((l) => videoEmbedOf(l.videoUrl)).length;
  const withLink = tools.filter((l) => l.linkUrl).length;

  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
      <div
        ref={formRef}
        className={cn('scroll-mt-4 lg:sticky lg:top-4 lg:order-2', !editing && 'hidden lg:block')}
      >
        {editing ? (
          <LessonEditForm
            key={editing.id}
            lesson={editing}
            pending={save.isPending}
            onCancel={() => setEditingId(null)}
            onSubmit={(payload) =>
              save.mutate(
                { id: editing.id, data: payload, partnerTool: editing.section === PARTNER_TOOLS_SECTION },
                { onSuccess: () => setEditingId(null) },
              )
            }
          />
        ) : (
          <Card className="space-y-2 text-sm text-muted">
            <h2 className="font-semibold text-foreground">Editar aulas e ferramentas</h2>
            <p>
              Escolha uma aula para pôr o vídeo (YouTube, Vimeo ou Panda Video) ou mudar o título e a
              descrição, ou uma ferramenta parceira para mudar o nome e o link de cadastro.
            </p>
          </Card>
        )}
      </div>
      <div className="space-y-5 lg:order-1">
        <p className="text-sm text-muted">
          {`${withVideo} de ${tutorials.length} aulas com vídeo · ${withLink} de ${tools.length} ferramentas com link`}
        </p>
        {BEGINNER_MAP_SECTIONS.map((section) => {
          const items = lessonsOf(data.lessons, section.id);
          return (
            <section key={section.id} className="space-y-2" aria-labelledby={`mapa-${section.id}`}>
              <h2 id={`mapa-${section.id}`} className="font-semibold">
                {section.id === PARTNER_TOOLS_SECTION
                  ? `${section.title} (ferramentas parceiras)`
                  : section.title}
              </h2>
              <ul className="divide-y divide-border rounded-xl border border-border bg-surface">
                {items.map((lesson) => (
                  <LessonItem
                    key={lesson.id}
                    lesson={lesson}
                    selected={lesson.id === editingId}
                    onEdit={() => setEditingId(lesson.id)}
                  />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </div>
  );
}

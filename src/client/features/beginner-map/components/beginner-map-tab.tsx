import { RotateCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { videoEmbedOf } from '../../../../shared/live-call-embed';
import {
  BEGINNER_MAP_SECTIONS,
  type BeginnerMapLesson,
  PARTNER_TOOLS_SECTION,
} from '../../../../shared/schemas/beginner-map';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useBeginnerMap } from '../api/use-beginner-map';
import { useSetLessonDone, useSetStepDone } from '../api/use-set-done';
import { lessonsOf, stepsProgress } from '../beginner-map-progress';
import { LessonDialog } from './lesson-dialog';
import { RoadmapSteps } from './roadmap-steps';
import { LessonRow, PartnerToolRow, SectionCard } from './section-card';

/** The lesson's player: its own video, starting on open (the member clicked to watch). */
const embedOf = (lesson: BeginnerMapLesson) => videoEmbedOf(lesson.videoUrl, { autoplay: true });

/**
 * Dashboard tab 'mapa-iniciante': the six-step roadmap and four cards of lessons from
 * the server, with the member's progress kept there. A lesson with a video opens the tutorial modal playing that
 * video; 'Concluído' marks it watched. Steps are marked by the member.
 */
export default function BeginnerMapTab() {
  const { data, isPending, isError, error, refetch, isRefetching } = useBeginnerMap();
  const setLessonDone = useSetLessonDone();
  const setStepDone = useSetStepDone();
  const [openId, setOpenId] = useState<string | null>(null);
  const embeds = useMemo(
    () => new Map((data?.lessons ?? []).map((lesson) => [lesson.id, embedOf(lesson)])),
    [data?.lessons],
  );

  if (isPending) {
    return (
      <div role="status" aria-label="Carregando Mapa do Iniciante" className="flex justify-center py-16">
        <Spinner className="h-6 w-6 text-primary" />
      </div>
    );
  }
  if (isError) {
    return (
      <div className="mx-auto max-w-6xl space-y-3">
        <Notice variant="red" title="Não foi possível carregar o Mapa do Iniciante">
          <p>{errorMessage(error, 'Tente novamente em instantes.')}</p>
        </Notice>
        <Button variant="secondary" onClick={() => refetch()} disabled={isRefetching}>
          {isRefetching ? <Spinner /> : <RotateCw aria-hidden className="h-4 w-4" />}
          Tentar novamente
        </Button>
      </div>
    );
  }

  const open = data.lessons.find((lesson) => lesson.id === openId) ?? null;
  const toggleLesson = (lesson: BeginnerMapLesson) => (done: boolean) =>
    setLessonDone.mutate({ id: lesson.id, done });

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <RoadmapSteps
        steps={data.steps}
        lessons={data.lessons}
        onToggle={(step, done) => setStepDone.mutate({ id: step.id, done })}
      />
      <p className="sr-only" aria-live="polite">
        {`${stepsProgress(data.steps).done} de ${data.steps.length} passos concluídos`}
      </p>

      <div className="grid gap-6 lg:grid-cols-2">
        {BEGINNER_MAP_SECTIONS.map((section) => {
          const items = lessonsOf(data.lessons, section.id);
          const progress = { done: items.filter((l) => l.done).length, total: items.length };
          return (
            <SectionCard key={section.id} section={section.id} title={section.title} progress={progress}>
              {items.map((lesson) =>
                section.id === PARTNER_TOOLS_SECTION ? (
                  <PartnerToolRow
                    key={lesson.id}
                    tool={lesson}
                    playable={embeds.get(lesson.id) != null}
                    onOpen={() => setOpenId(lesson.id)}
                    onToggle={toggleLesson(lesson)}
                  />
                ) : (
                  <LessonRow
                    key={lesson.id}
                    lesson={lesson}
                    playable={embeds.get(lesson.id) != null}
                    onOpen={() => setOpenId(lesson.id)}
                    onToggle={toggleLesson(lesson)}
                  />
                ),
              )}
            </SectionCard>
          );
        })}
      </div>

      <LessonDialog
        lesson={open}
        embed={open ? (embeds.get(open.id) ?? null) : null}
        onClose={() => setOpenId(null)}
        onDone={(done) => open && setLessonDone.mutate({ id: open.id, done })}
      />
    </div>
  );
}

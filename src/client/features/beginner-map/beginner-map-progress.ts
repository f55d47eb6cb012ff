import {
  ACCOUNTS_STEP_ID,
  BEGINNER_MAP_SECTIONS,
  type BeginnerMapLesson,
  type BeginnerMapSectionId,
  type BeginnerMapStep,
  PARTNER_TOOLS_SECTION,
  TUTORIAL_SECTIONS,
  TUTORIALS_STEP_ID,
} from '../../../shared/schemas/beginner-map';

export interface Progress {
  done: number;
  total: number;
}

const count = (items: ReadonlyArray<{ done: boolean }>): Progress => ({
  done: items.filter((item) => item.done).length,
  total: items.length,
});

export const stepsProgress = (steps: readonly BeginnerMapStep[]): Progress => count(steps);

export const lessonsOf = (lessons: readonly BeginnerMapLesson[], section: BeginnerMapSectionId) =>
  lessons.filter((lesson) => lesson.section === section);

/** What a card counts: "3 de 13 aulas", "1 de 4 itens", "1 de 3 contas criadas" (the partner tools). */
export function sectionProgressLabel(section: BeginnerMapSectionId, { done, total }: Progress): string {
  if (section === PARTNER_TOOLS_SECTION)
    return `${done} de ${total} ${total === 1 ? 'conta criada' : 'contas criadas'}`;
  const unit = BEGINNER_MAP_SECTIONS.find((s) => s.id === section)?.unit ?? 'itens';
  return `${done} de ${total} ${unit}`;
}

/**
 * The lessons' progress a step shows: step 1 ('Crie suas contas nas plataformas') counts the partner tools whose
 * account the member created, step 2 ('Assista a todos os tutoriais') the tutorials watched. Other steps: null.
 */
export function stepLessonProgress(
  stepId: string,
  lessons: readonly BeginnerMapLesson[],
): (Progress & { label: string }) | null {
  if (stepId === ACCOUNTS_STEP_ID) {
    const progress = count(lessonsOf(lessons, PARTNER_TOOLS_SECTION));
    return { ...progress, label: sectionProgressLabel(PARTNER_TOOLS_SECTION, progress) };
  }
  if (stepId === TUTORIALS_STEP_ID) {
    const progress = count(lessons.filter((lesson) => TUTORIAL_SECTIONS.includes(lesson.section)));
    const noun = progress.total === 1 ? 'tutorial assistido' : 'tutoriais assistidos';
    return { ...progress, label: `${progress.done} de ${progress.total} ${noun}` };
  }
  return null;
}

import {
  type AdminBeginnerMapLesson,
  type BeginnerMap,
  type BeginnerMapLessonData,
  type CompletionResult,
  LESSON_LINK_NOT_ALLOWED,
  LESSON_NOT_FOUND,
  PARTNER_TOOLS_SECTION,
  STEP_NOT_FOUND,
} from '../../../shared/schemas/beginner-map';
import type { DbOrTx } from '../../db/client';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { presentLesson } from './beginner-map.presenters';
import {
  deleteLessonCompletion,
  deleteStepCompletion,
  findLesson,
  insertLessonCompletion,
  insertStepCompletion,
  listLessonsFor,
  listStepsFor,
  stepExists,
  updateLesson,
} from './beginner-map.repo';

/** GET /api/beginner-map: the steps and lessons with the member's own progress. */
export async function beginnerMapFor(db: DbOrTx, userId: string): Promise<BeginnerMap> {
  const [steps, lessons] = await Promise.all([listStepsFor(db, userId), listLessonsFor(db, userId)]);
  return {
    steps: steps.map((s) => ({
      id: s.id,
      order: s.position,
      title: s.title,
      description: s.description,
      done: s.done,
    })),
    lessons: lessons.map(({ lesson, done }) => ({ ...presentLesson(lesson), done })),
  };
}

/** Marks (done) or unmarks a lesson for the member. Idempotent; an unknown lesson is a 404. */
export async function setLessonDone(
  db: DbOrTx,
  userId: string,
  lessonId: string,
  done: boolean,
): Promise<CompletionResult> {
  if (!(await findLesson(db, lessonId))) throw new NotFoundError(LESSON_NOT_FOUND);
  if (done) await insertLessonCompletion(db, userId, lessonId);
  else await deleteLessonCompletion(db, userId, lessonId);
  return { id: lessonId, done };
}

/** Marks (done) or unmarks a step for the member. Idempotent; an unknown step is a 404. */
export async function setStepDone(
  db: DbOrTx,
  userId: string,
  stepId: string,
  done: boolean,
): Promise<CompletionResult> {
  if (!(await stepExists(db, stepId))) throw new NotFoundError(STEP_NOT_FOUND);
  if (done) await insertStepCompletion(db, userId, stepId);
  else await deleteStepCompletion(db, userId, stepId);
  return { id: stepId, done };
}

/**
 * The administrator's edit of a lesson: title and description replaced; the video and the partner tool's link
 * replaced when sent (null clears), kept when left out. Only partner tools take a link.
 */
export async function editLesson(
  db: DbOrTx,
  lessonId: string,
  data: BeginnerMapLessonData,
): Promise<AdminBeginnerMapLesson> {
  const current = await findLesson(db, lessonId);
  if (!current) throw new NotFoundError(LESSON_NOT_FOUND);
  if (data.linkUrl && current.section !== PARTNER_TOOLS_SECTION) {
    throw new ValidationError(LESSON_LINK_NOT_ALLOWED);
  }
  const row = await updateLesson(db, lessonId, {
    title: data.title,
    description: data.description,
    ...(data.videoUrl === undefined ? {} : { videoUrl: data.videoUrl }),
    ...(data.linkUrl === undefined ? {} : { linkUrl: data.linkUrl }),
  });
  if (!row) throw new NotFoundError(LESSON_NOT_FOUND);
  return { ...presentLesson(row), updatedAt: row.updatedAt?.toISOString() ?? null };
}

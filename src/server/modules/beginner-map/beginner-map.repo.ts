import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  beginnerMapLessonCompletions,
  beginnerMapLessons,
  beginnerMapStepCompletions,
  beginnerMapSteps,
} from '../../db/schema/index';

export type LessonRow = typeof beginnerMapLessons.$inferSelect;
export type StepRow = typeof beginnerMapSteps.$inferSelect;

/** The order the cards are shown in (the spec's), then each card's own order. */
const SECTION_ORDER = sql`array_position(array['trafego-pago','clonagem','como-usar','contas'], ${beginnerMapLessons.section})`;

/** The six steps in order, each with whether the member marked it done. */
export async function listStepsFor(db: DbOrTx, userId: string) {
  return db
    .select({
      id: beginnerMapSteps.id,
      position: beginnerMapSteps.position,
      title: beginnerMapSteps.title,
      description: beginnerMapSteps.description,
      done: sql<boolean>`${beginnerMapStepCompletions.userId} is not null`,
    })
    .from(beginnerMapSteps)
    .leftJoin(
      beginnerMapStepCompletions,
      and(
        eq(beginnerMapStepCompletions.stepId, beginnerMapSteps.id),
        eq(beginnerMapStepCompletions.userId, userId),
      ),
    )
    .orderBy(asc(beginnerMapSteps.position));
}

/** Every lesson by card and order, each with whether the member finished it. */
export async function listLessonsFor(db: DbOrTx, userId: string) {
  return db
    .select({
      lesson: beginnerMapLessons,
      done: sql<boolean>`${beginnerMapLessonCompletions.userId} is not null`,
    })
    .from(beginnerMapLessons)
    .leftJoin(
      beginnerMapLessonCompletions,
      and(
        eq(beginnerMapLessonCompletions.lessonId, beginnerMapLessons.id),
        eq(beginnerMapLessonCompletions.userId, userId),
      ),
    )
    .orderBy(SECTION_ORDER, asc(beginnerMapLessons.position));
}

export async function findLesson(db: DbOrTx, id: string): Promise<LessonRow | null> {
  const [row] = await db.select().from(beginnerMapLessons).where(eq(beginnerMapLessons.id, id));
  return row ?? null;
}

export async function stepExists(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: beginnerMapSteps.id })
    .from(beginnerMapSteps)
    .where(eq(beginnerMapSteps.id, id));
  return rows.length > 0;
}

export async function updateLesson(
  db: DbOrTx,
  id: string,
  fields: Pick<LessonRow, 'title' | 'description'> & Partial<Pick<LessonRow, 'videoUrl' | 'linkUrl'>>,
): Promise<LessonRow | null> {
  const [row] = await db
    .update(beginnerMapLessons)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(beginnerMapLessons.id, id))
    .returning();
  return row ?? null;
}

/** Marks the lesson done for the member; a second call changes nothing. */
export async function insertLessonCompletion(db: DbOrTx, userId: string, lessonId: string): Promise<void> {
  await db.insert(beginnerMapLessonCompletions).values({ userId, lessonId }).onConflictDoNothing();
}

export async function deleteLessonCompletion(db: DbOrTx, userId: string, lessonId: string): Promise<void> {
  await db
    .delete(beginnerMapLessonCompletions)
    .where(
      and(
        eq(beginnerMapLessonCompletions.userId, userId),
        eq(beginnerMapLessonCompletions.lessonId, lessonId),
      ),
    );
}

export async function insertStepCompletion(db: DbOrTx, userId: string, stepId: string): Promise<void> {
  await db.insert(beginnerMapStepCompletions).values({ userId, stepId }).onConflictDoNothing();
}

export async function deleteStepCompletion(db: DbOrTx, userId: string, stepId: string): Promise<void> {
  await db
    .delete(beginnerMapStepCompletions)
    .where(and(eq(beginnerMapStepCompletions.userId, userId), eq(beginnerMapStepCompletions.stepId, stepId)));
}

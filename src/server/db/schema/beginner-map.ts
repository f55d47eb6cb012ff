import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The beginner map. Its six steps and the lessons of its four cards are a fixed set
 * with stable text ids ('criar-contas', 'trafego-pago-01'), inserted by the migration that creates the tables,
 * so every install has them; the administrator edits a lesson's texts, video and (partner tools) link.
 */
export const beginnerMapSteps = pgTable(
  'beginner_map_steps',
  {
    id: text().primaryKey(),
    position: integer().notNull(),
    title: text().notNull(),
    description: text().notNull(),
  },
  (t) => [unique('beginner_map_steps_position_unique').on(t.position)],
);

export const beginnerMapLessons = pgTable(
  'beginner_map_lessons',
  {
    id: text().primaryKey(),
    section: text({ enum: ['trafego-pago', 'clonagem', 'como-usar', 'contas'] }).notNull(),
    position: integer().notNull(),
    title: text().notNull(),
    description: text().notNull(),
    /** A YouTube, Vimeo or Panda Video link; null shows 'Vídeo em breve'. */
    videoUrl: text(),
    /** A partner tool's sign-up link (section 'contas' only). */
    linkUrl: text(),
    /** The administrator's last edit; null while the lesson is as installed. */
    updatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('beginner_map_lessons_section_position_unique').on(t.section, t.position),
    check(
      'beginner_map_lessons_section_check',
      sql`${t.section} in ('trafego-pago', 'clonagem', 'como-usar', 'contas')`,
    ),
    check(
      'beginner_map_lessons_link_only_partner_tools',
      sql`${t.linkUrl} is null or ${t.section} = 'contas'`,
    ),
    check('beginner_map_lessons_title_length', sql`char_length(${t.title}) between 1 and 200`),
    check('beginner_map_lessons_description_length', sql`char_length(${t.description}) <= 2000`),
  ],
);

/** A member's finished lessons (a partner tool's row: the account is created). */
export const beginnerMapLessonCompletions = pgTable(
  'beginner_map_lesson_completions',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: text()
      .notNull()
      .references(() => beginnerMapLessons.id, { onDelete: 'cascade' }),
    completedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] })],
);

/** A member's finished steps (marked by the member). */
export const beginnerMapStepCompletions = pgTable(
  'beginner_map_step_completions',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stepId: text()
      .notNull()
      .references(() => beginnerMapSteps.id, { onDelete: 'cascade' }),
    completedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.stepId] })],
);

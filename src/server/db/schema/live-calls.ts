import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The mentoring calls: callTime is the 'HH:MM' the form takes, callDate an optional
 * calendar day kept as a date ('YYYY-MM-DD' in TypeScript, no time zone), link an optional http(s) URL.
 */
export const liveCalls = pgTable(
  'live_calls',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    description: text().notNull(),
    callTime: text().notNull(),
    callDate: date({ mode: 'string' }),
    link: text(),
    status: text({ enum: ['Publicado', 'Aguardando Upload', 'Agendado', 'Adiada'] })
      .notNull()
      .default('Agendado'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('live_calls_call_date_idx').on(t.callDate, t.createdAt),
    check(
      'live_calls_status_check',
      sql`${t.status} in ('Publicado', 'Aguardando Upload', 'Agendado', 'Adiada')`,
    ),
    check('live_calls_title_length', sql`char_length(${t.title}) <= 200`),
  ],
);

import { and, desc, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { LiveCallData } from '../../../shared/schemas/live-calls';
import type { DbOrTx } from '../../db/client';
import { calendarFeeds, liveCalls, users } from '../../db/schema/index';

export type LiveCallRow = typeof liveCalls.$inferSelect;

/** Calls not deleted (a deleted call only lives on as a cancellation in the calendar feeds). */
const notDeleted = isNull(liveCalls.deletedAt);

/** Every call: the newest date first, undated calls after the dated ones, then the newest created. */
export async function listLiveCalls(db: DbOrTx): Promise<LiveCallRow[]> {
  return db
    .select()
    .from(liveCalls)
    .where(notDeleted)
    .orderBy(sql`${liveCalls.callDate} desc nulls last`, desc(liveCalls.createdAt), desc(liveCalls.id));
}

/** One call that is not deleted, or null. */
export async function findLiveCall(db: DbOrTx, id: string): Promise<LiveCallRow | null> {
  const [row] = await db
    .select()
    .from(liveCalls)
    .where(and(eq(liveCalls.id, id), notDeleted));
  return row ?? null;
}

/**
 * The calendar feed's calls: every dated call, and the ones deleted less than `cancelledForDays` ago (carried as
 * cancellations). Soonest first.
 */
export async function listCalendarCalls(db: DbOrTx, cancelledForDays: number): Promise<LiveCallRow[]> {
  return db
    .select()
    .from(liveCalls)
    .where(
      and(
        isNotNull(liveCalls.callDate),
        or(notDeleted, gt(liveCalls.deletedAt, sql`now() - make_interval(days => ${cancelledForDays})`)),
      ),
    )
    .orderBy(liveCalls.callDate, liveCalls.callTime, liveCalls.id);
}

export async function insertLiveCall(db: DbOrTx, data: LiveCallData): Promise<LiveCallRow> {
  const [row] = await db.insert(liveCalls).values(data).returning();
  if (!row) throw new Error('live call insert returned nothing');
  return row;
}

/**
 * Replaces the call's fields; null when it does not exist (or was deleted). Every edit grows the calendars'
 * SEQUENCE; a new date or time clears `reminder_sent_at`, so the new time gets its one-hour reminder.
 */
export async function updateLiveCall(
  db: DbOrTx,
  id: string,
  data: LiveCallData,
): Promise<LiveCallRow | null> {
  const [row] = await db
    .update(liveCalls)
    .set({
      ...data,
      updatedAt: sql`now()`,
      sequence: sql`${liveCalls.sequence} + 1`,
      reminderSentAt: sql`case when ${liveCalls.callDate} is not distinct from ${data.callDate}::date
        and ${liveCalls.callTime} = ${data.callTime} then ${liveCalls.reminderSentAt} else null end`,
    })
    .where(and(eq(liveCalls.id, id), notDeleted))
    .returning();
  return row ?? null;
}

/** Soft delete (the feeds carry it as a cancellation, one SEQUENCE later); false when the call does not exist. */
export async function deleteLiveCall(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(liveCalls)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()`, sequence: sql`${liveCalls.sequence} + 1` })
    .where(and(eq(liveCalls.id, id), notDeleted))
    .returning({ id: liveCalls.id });
  return rows.length > 0;
}

/** The account's creation time as stored now (not the session cache's copy). */
export async function findAccountCreatedAt(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  return row?.createdAt ?? null;
}

/**
 * Makes the member's feed with this token hash unless one exists: its creation time when made now, null when the
 * member already has one (nothing written).
 */
export async function insertCalendarFeed(
  db: DbOrTx,
  userId: string,
  tokenHash: string,
): Promise<Date | null> {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash })
    .onConflictDoNothing({ target: calendarFeeds.userId })
    .returning({ createdAt: calendarFeeds.createdAt });
  return row?.createdAt ?? null;
}

/** When the member's current feed was made (null: they have none). */
export async function findCalendarFeedCreatedAt(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row?.createdAt ?? null;
}

/** Replaces the member's token hash (the old token stops working at once); returns the new feed's creation time. */
export async function replaceCalendarToken(db: DbOrTx, userId: string, tokenHash: string): Promise<Date> {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: sql`now()` } })
    .returning({ createdAt: calendarFeeds.createdAt });
  if (!row) throw new Error('calendar feed missing after upsert');
  return row.createdAt;
}

/** Who owns the feed whose token hashes to `tokenHash`, with what the feed's rules need (null: no such feed). */
export async function findCalendarFeedOwner(
  db: DbOrTx,
  tokenHash: string,
): Promise<{ userId: string; status: string; emailVerified: boolean } | null> {
  const [row] = await db
    .select({ userId: users.id, status: users.status, emailVerified: users.emailVerified })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, tokenHash));
  return row ?? null;
}

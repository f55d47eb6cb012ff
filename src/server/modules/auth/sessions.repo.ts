import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { SAO_PAULO_TIME_ZONE } from '../../../shared/sao-paulo-month';
import type { Db, DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  calendarFeeds,
  emailVerifications,
  passwordResets,
  sessions,
  userActivityDays,
  users,
} from '../../db/schema/index';

/** The user columns a session carries (plugins/session.ts: SessionUser). */
const sessionUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  status: users.status,
  emailVerified: users.emailVerified,
  planType: users.planType,
  uniqueId: users.uniqueId,
  balanceCents: users.balanceCents,
  points: users.points,
  createdAt: users.createdAt,
  lastLogin: users.lastLogin,
};

// Every signed-in request runs this lookup: prepared once per database handle (db/prepared.ts).
function sessionLookup(db: Db) {
  return prepared(db, 'session_lookup', (name) =>
    db
      .select({ ...sessionUserColumns, expire: sessions.expire })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.sid, sql.placeholder('sid')), gt(sessions.expire, sql`now()`)))
      .limit(1)
      .prepare(name),
  );
}

/** The unexpired session with this hash and its user's columns, or undefined. */
export async function findSessionUser(db: Db, sessionHash: string) {
  const rows = await sessionLookup(db).execute({ sid: sessionHash });
  return rows[0];
}

/** Moves a session's expiry (the sliding renewal). */
export async function extendSession(db: DbOrTx, sessionHash: string, expire: Date): Promise<void> {
  await db.update(sessions).set({ expire }).where(eq(sessions.sid, sessionHash));
}

export async function insertSession(
  db: DbOrTx,
  session: { sessionHash: string; userId: string; expire: Date; userAgent?: string },
): Promise<void> {
  await db.insert(sessions).values({
    sid: session.sessionHash,
    userId: session.userId,
    expire: session.expire,
    userAgent: session.userAgent?.slice(0, 300),
  });
}

export async function deleteSession(db: DbOrTx, sessionHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sessionHash));
}

/**
 * Ends every session of one user (password reset, cancellation), or all but one (a password change), and the
 * secrets that sign them in without a session: the calendar feed's token (a new address is one click away). Run it
 * in the caller's transaction.
 */
export async function endUserSessions(db: DbOrTx, userId: string, exceptSessionHash?: string | null) {
  await db
    .delete(sessions)
    .where(
      exceptSessionHash
        ? and(eq(sessions.userId, userId), ne(sessions.sid, exceptSessionHash))
        : eq(sessions.userId, userId),
    );
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/**
 * Global logout: ends every session except, optionally, the caller's own, and every calendar feed token (as
 * endUserSessions does for one member). Returns how many sessions ended. Run it in a transaction.
 */
export async function endAllSessions(db: DbOrTx, exceptSessionHash?: string): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(exceptSessionHash ? ne(sessions.sid, exceptSessionHash) : undefined)
    .returning({ sid: sessions.sid });
  await db.delete(calendarFeeds);
  return deleted.length;
}

/** Housekeeping (hourly from main.ts): expired sessions, verification codes and reset links. */
export async function purgeExpiredTokens(db: DbOrTx): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.expire} <= now()`);
  await db
    .delete(emailVerifications)
    .where(sql`${emailVerifications.expiresAt} <= now() - interval '7 days'`);
  await db.delete(passwordResets).where(sql`${passwordResets.expiresAt} <= now() - interval '7 days'`);
}

/** Notes that the member opened the club today (São Paulo); once per member per day. */
export async function recordActivityDay(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`
    insert into ${userActivityDays} (user_id, day)
    values (${userId}, (now() at time zone ${SAO_PAULO_TIME_ZONE})::date)
    on conflict do nothing
  `);
}

import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { emailVerifications, passwordResets, sessions, users } from '../db/schema/index';
import { randomToken, sha256 } from '../lib/crypto';

export const SESSION_COOKIE = 'ce_sid';
const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most once an hour per session, not on every request. */
const RENEW_AFTER_MS = 60 * 60 * 1000;

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: 'member' | 'admin';
  status: 'Ativo' | 'Cancelado';
  emailVerified: boolean;
  planType: string;
  uniqueId: string;
  balanceCents: number;
  points: number;
  createdAt: Date;
  lastLogin: Date | null;
}

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

function cookieOptions(config: AppConfig, expires: Date) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.SECURE_COOKIES, expires };
}

// Every signed-in request runs this lookup: a named prepared statement per database handle saves
// PostgreSQL's parse and plan on each call.
const lookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();
function prepareSessionLookup(db: Db) {
  return db
    .select({ ...sessionUserColumns, expire: sessions.expire })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, sql.placeholder('sid')), gt(sessions.expire, sql`now()`)))
    .limit(1)
    .prepare('session_lookup');
}
function sessionLookup(db: Db) {
  let prepared = lookups.get(db);
  if (!prepared) {
    prepared = prepareSessionLookup(db);
    lookups.set(db, prepared);
  }
  return prepared;
}

/**
 * The user behind a session cookie, or null. Only verified, Ativo users keep a session: a user
 * cancelled or unverified after login is treated as signed out. Renews the expiry (sliding) when due.
 */
export async function loadSessionUser(
  db: Db,
  token: string,
): Promise<{ user: SessionUser; sessionHash: string; renewedUntil: Date | null } | null> {
  const sessionHash = sha256(token);
  const now = Date.now();
  const rows = await sessionLookup(db).execute({ sid: sessionHash });
  const row = rows[0];
  if (row?.status !== 'Ativo' || !row.emailVerified) return null;
  const { expire, ...user } = row;
  let renewedUntil: Date | null = null;
  if (expire.getTime() < now + SESSION_DAYS * DAY_MS - RENEW_AFTER_MS) {
    renewedUntil = new Date(now + SESSION_DAYS * DAY_MS);
    await db.update(sessions).set({ expire: renewedUntil }).where(eq(sessions.sid, sessionHash));
  }
  return { user, sessionHash, renewedUntil };
}

export function setSessionCookie(reply: FastifyReply, config: AppConfig, token: string, expires: Date) {
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(config, expires));
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(config, new Date(0)));
}

/** Starts a session for the user: stores only the token's hash, sets the cookie. */
export async function startSession(
  db: DbOrTx,
  reply: FastifyReply,
  config: AppConfig,
  userId: string,
  userAgent?: string,
): Promise<void> {
  const token = randomToken(32);
  const expire = new Date(Date.now() + SESSION_DAYS * DAY_MS);
  await db
    .insert(sessions)
    .values({ sid: sha256(token), userId, expire, userAgent: userAgent?.slice(0, 300) });
  setSessionCookie(reply, config, token, expire);
}

export async function endSession(db: DbOrTx, sessionHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sessionHash));
}

/** Ends every session of one user (password reset, cancellation). */
export async function endUserSessions(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Global logout: ends every session except, optionally, the caller's own. Returns how many ended. */
export async function endAllSessions(db: DbOrTx, exceptSessionHash?: string): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(exceptSessionHash ? ne(sessions.sid, exceptSessionHash) : undefined)
    .returning({ sid: sessions.sid });
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

import {
  CALENDAR_FEED_CANCELLED,
  CALENDAR_FEED_NOT_FOUND,
  type CalendarFeed,
  LIVE_CALL_ACCESS_DAYS,
  LIVE_CALL_UNDATED,
  type LiveCall,
  type LiveCallData,
} from '../../../shared/schemas/live-calls';
import type { DbOrTx } from '../../db/client';
import { randomToken, sha256 } from '../../lib/crypto';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import { buildCallsCalendar, CANCELLED_KEPT_DAYS, callFileSlug } from './live-calls.calendar';
import { presentLiveCall } from './live-calls.presenters';
import {
  deleteLiveCall,
  findAccountCreatedAt,
  findCalendarFeedCreatedAt,
  findCalendarFeedOwner,
  findLiveCall,
  insertCalendarFeed,
  insertLiveCall,
  listCalendarCalls,
  listLiveCalls,
  replaceCalendarToken,
  updateLiveCall,
} from './live-calls.repo';

const DAY_MS = 24 * 60 * 60 * 1000;
export const LIVE_CALL_NOT_FOUND = 'Call não encontrada.';

/**
 * The 7-day rule: published calls play for accounts at least 7 days old. Otherwise the days
 * still to wait, rounded up (an account 6.2 days old waits 1 more day).
 */
export function recordingAccess(accountCreatedAt: Date, now: Date): { allowed: boolean; daysLeft: number } {
  const waitMs = accountCreatedAt.getTime() + LIVE_CALL_ACCESS_DAYS * DAY_MS - now.getTime();
  if (waitMs <= 0) return { allowed: true, daysLeft: 0 };
  return { allowed: false, daysLeft: Math.max(1, Math.ceil(waitMs / DAY_MS)) };
}

/** GET /api/live-calls: every call; for a member younger than 7 days the published ones come locked. */
export async function listLiveCallsFor(
  db: DbOrTx,
  viewer: SessionUser,
  now = new Date(),
): Promise<LiveCall[]> {
  let lockedDays: number | null = null;
  if (viewer.role !== 'admin') {
    // Read from the database, not the session: the account's age is the server's fact, never the client's.
    const createdAt = (await findAccountCreatedAt(db, viewer.id)) ?? viewer.createdAt;
    const access = recordingAccess(createdAt, now);
    if (!access.allowed) lockedDays = access.daysLeft;
  }
  return (await listLiveCalls(db)).map((row) => presentLiveCall(row, lockedDays));
}

export async function createLiveCall(db: DbOrTx, data: LiveCallData): Promise<LiveCall> {
  return presentLiveCall(await insertLiveCall(db, data), null);
}

export async function editLiveCall(db: DbOrTx, id: string, data: LiveCallData): Promise<LiveCall> {
  const row = await updateLiveCall(db, id, data);
  if (!row) throw new NotFoundError(LIVE_CALL_NOT_FOUND);
  return presentLiveCall(row, null);
}

export async function removeLiveCall(db: DbOrTx, id: string): Promise<void> {
  if (!(await deleteLiveCall(db, id))) throw new NotFoundError(LIVE_CALL_NOT_FOUND);
}

/** GET /api/live-calls/{id}.ics: the one call as a calendar file (404 for an unknown, deleted or undated call). */
export async function callCalendarFile(
  db: DbOrTx,
  id: string,
  appUrl: string,
): Promise<{ fileName: string; ics: string }> {
  const row = await findLiveCall(db, id);
  if (!row) throw new NotFoundError(LIVE_CALL_NOT_FOUND);
  if (!row.callDate) throw new NotFoundError(LIVE_CALL_UNDATED);
  return { fileName: `${callFileSlug(row.title)}.ics`, ics: buildCallsCalendar([row], appUrl).toString() };
}

/** 32 random bytes, base64url (43 characters); only its SHA-256 is stored, like a session's. */
const newFeedToken = () => randomToken(32);
const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const feedUrl = (appUrl: string, token: string) => `${appUrl}/api/live-calls.ics?token=${token}`;

/**
 * GET /api/user/calendar-feed: the member's feed. Made at the first ask, whose answer is the only one with the
 * address (the club keeps only the token's hash); later asks answer `url: null` and when it was made, and the member
 * gets a new address with a reset. Also after every end of all their sessions, which ends the feed too.
 */
export async function calendarFeedFor(db: DbOrTx, userId: string, appUrl: string): Promise<CalendarFeed> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const token = newFeedToken();
    const created = await insertCalendarFeed(db, userId, sha256(token));
    if (created) return { url: feedUrl(appUrl, token), createdAt: created.toISOString() };
    const existing = await findCalendarFeedCreatedAt(db, userId);
    // Gone in between (the member's sessions ended): the second turn makes a new one.
    if (existing) return { url: null, createdAt: existing.toISOString() };
  }
  throw new Error('calendar feed neither made nor found');
}

/** POST /api/user/calendar-feed/reset: a new address; the old one stops working at once. */
export async function resetCalendarFeed(db: DbOrTx, userId: string, appUrl: string): Promise<CalendarFeed> {
  const token = newFeedToken();
  const createdAt = await replaceCalendarToken(db, userId, sha256(token));
  return { url: feedUrl(appUrl, token), createdAt: createdAt.toISOString() };
}

/**
 * GET /api/live-calls.ics?token=: every dated call, and the deletions of the last 60 days as cancellations. An
 * unknown token is 404; the token of a member no longer active (cancelled) is 403.
 */
export async function calendarFeedFile(
  db: DbOrTx,
  token: string | undefined,
  appUrl: string,
): Promise<string> {
  const owner = token && FEED_TOKEN.test(token) ? await findCalendarFeedOwner(db, sha256(token)) : null;
  if (!owner) throw new NotFoundError(CALENDAR_FEED_NOT_FOUND);
  if (owner.status !== 'Ativo' || !owner.emailVerified) throw new ForbiddenError(CALENDAR_FEED_CANCELLED);
  return buildCallsCalendar(await listCalendarCalls(db, CANCELLED_KEPT_DAYS), appUrl).toString();
}

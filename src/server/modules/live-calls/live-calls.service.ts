import { LIVE_CALL_ACCESS_DAYS, type LiveCall, type LiveCallData } from '../../../shared/schemas/live-calls';
import type { DbOrTx } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import { presentLiveCall } from './live-calls.presenters';
import {
  deleteLiveCall,
  findAccountCreatedAt,
  insertLiveCall,
  listLiveCalls,
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

import type { Db } from '../../db/client';
import { type MemberLock, tryMemberLock } from '../../lib/member-lock';

/** One scan at a time per member, across every app instance (lib/member-lock.ts). */
export type ScanLock = MemberLock;

export const tryScanLock = (db: Db, userId: string): Promise<ScanLock | null> =>
  tryMemberLock(db, 'slug_scan', userId);

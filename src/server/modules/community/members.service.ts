import type { MemberSearchResult } from '../../../shared/schemas/community';
import type { DbOrTx } from '../../db/client';
import type { Viewer } from '../../plugins/access';
import { searchActiveMembers } from './members.repo';

/** At most this many members offered by the @mention picker. */
export const MEMBER_SEARCH_LIMIT = 8;

/** Lower case without accents (combining marks dropped), the form names are compared in. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * GET /api/community/members?query=: the @mention picker's candidates. Active members whose name matches without
 * regard to case or accents, a word starting with the query first; the caller is not offered (a self-mention
 * notifies nobody).
 */
export async function searchMembers(db: DbOrTx, caller: Viewer, query: string): Promise<MemberSearchResult> {
  const rows = await searchActiveMembers(db, foldForSearch(query), caller.id, MEMBER_SEARCH_LIMIT);
  return {
    members: rows.map((row) => ({
      id: row.id,
      name: row.name,
      ...(row.avatar ? { avatarUrl: row.avatar } : {}),
    })),
  };
}

import type { LedgerPage } from '../../../shared/schemas/pix';
import type { DbOrTx } from '../../db/client';
import { presentLedgerRow } from './balance.presenters';
import { listLedger } from './balance.repo';

/** GET /api/user/ledger: a page newest first; `nextCursor` is null on the last page. */
export async function getLedgerPage(
  db: DbOrTx,
  userId: string,
  query: { limit: number; cursor?: string },
): Promise<LedgerPage> {
  const rows = await listLedger(db, userId, { limit: query.limit + 1, afterId: query.cursor });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map(presentLedgerRow),
    nextCursor: rows.length > query.limit && last ? last.id : null,
  };
}

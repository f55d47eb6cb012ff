import { centsToReais } from '../../../shared/money';
import type { LedgerEntry } from '../../../shared/schemas/pix';
import type { LedgerRow } from './balance.repo';

/**
 * The ledger's reason codes as the member reads them (pt-BR). A positive slug_check row is a refund; a simulated
 * credit (a sandbox top-up in production) says so.
 */
export function describeLedgerRow(
  row: Pick<LedgerRow, 'reason' | 'amountCents' | 'simulated'>,
): Pick<LedgerEntry, 'kind' | 'reason'> {
  switch (row.reason) {
    case 'trial_credit':
      return { kind: 'trial_credit', reason: 'Crédito de boas-vindas' };
    case 'pix_deposit':
      return { kind: 'pix_deposit', reason: row.simulated ? 'Recarga PIX (simulada)' : 'Recarga PIX' };
    case 'slug_check':
      return row.amountCents > 0
        ? { kind: 'slug_check_refund', reason: 'Estorno da verificação de slugs' }
        : { kind: 'slug_check', reason: 'Verificação de slugs' };
    default:
      return { kind: 'adjustment', reason: 'Ajuste de saldo' };
  }
}

export function presentLedgerRow(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    amount: centsToReais(row.amountCents),
    ...describeLedgerRow(row),
    createdAt: row.createdAt.toISOString(),
    balanceAfter: centsToReais(row.balanceAfterCents),
  };
}

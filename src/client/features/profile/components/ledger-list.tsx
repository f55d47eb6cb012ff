import { useLedger } from '../../../components/balance/use-ledger';
import { Button } from '../../../components/ui/button';
import { LoadMore } from '../../../components/ui/load-more';
import { cn } from '../../../lib/cn';
import { formatBRL, formatDateTime } from '../../../lib/format';

/** '+R$ 50,00' for a credit, '−R$ 1,00' for a debit. */
export function signedBRL(reais: number): string {
  return `${reais < 0 ? '−' : '+'}${formatBRL(Math.abs(reais))}`;
}

/** The member's ledger ('Extrato'): every credit and debit, newest first, 'Carregar Mais' for older ones. */
export function LedgerList() {
  const ledger = useLedger();
  if (ledger.isPending) {
    return (
      <p role="status" className="text-sm text-muted">
        Carregando...
      </p>
    );
  }
  if (ledger.isError) {
    return (
      <div className="space-y-2 text-sm">
        <p role="alert" className="text-red-400">
          Não foi possível carregar o extrato.
        </p>
        <Button variant="outline" size="sm" onClick={() => void ledger.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  }
  const entries = ledger.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <p className="text-sm text-muted">Nenhuma movimentação ainda.</p>;
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-border rounded-lg border border-border">
        {entries.map((entry) => (
          <li key={entry.id} className="flex items-start justify-between gap-3 px-3 py-2.5 text-sm">
            <div className="min-w-0">
              <p className="font-medium">{entry.reason}</p>
              <p className="text-xs text-muted">
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </p>
            </div>
            <div className="shrink-0 text-right">
              <p
                className={cn(
                  'font-semibold tabular-nums',
                  entry.amount < 0 ? 'text-red-400' : 'text-green-400',
                )}
              >
                {signedBRL(entry.amount)}
              </p>
              <p className="text-xs text-muted tabular-nums">Saldo: {formatBRL(entry.balanceAfter)}</p>
            </div>
          </li>
        ))}
      </ul>
      <LoadMore query={ledger} what="lançamentos" label="Carregar Mais" />
    </div>
  );
}

import { Plus, Wallet } from 'lucide-react';
import { SLUG_CHECK_COST_CENTS } from '../../../../shared/slug-checker-rules';
import { TopUpUnavailable } from '../../../components/balance/top-up-unavailable';
import { useBalance, usePixTopUp } from '../../../components/balance/use-balance';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { formatBRL } from '../../../lib/format';

export const COST_REAIS = SLUG_CHECK_COST_CENTS / 100;

/**
 * The member's balance, what a verification costs, and the way to add balance (the PIX modal, or the support when
 * the club takes no PIX top-up).
 */
export function BalanceCard({ onAddBalance }: { onAddBalance: () => void }) {
  const balance = useBalance();
  const topUpOff = usePixTopUp().data === 'off';
  const short = balance.data !== undefined && balance.data < COST_REAIS;
  return (
    // Phones: the balance comes before the form.
    <Card className="order-first flex flex-col gap-4 lg:order-none">
      <div className="flex items-center gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-primary/15 text-primary">
          <Wallet className="h-5 w-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <h2 className="text-sm font-medium text-muted">Seu saldo</h2>
          <p className="text-2xl font-bold tabular-nums" aria-live="polite">
            {balance.isPending ? (
              <Spinner className="h-5 w-5 text-muted" />
            ) : balance.isError ? (
              <span className="text-base font-medium text-red-300">Não foi possível carregar</span>
            ) : (
              formatBRL(balance.data)
            )}
          </p>
        </div>
      </div>
      <p className="text-sm text-muted">
        Cada verificação custa <strong className="text-foreground">{formatBRL(COST_REAIS)}</strong>, debitado
        ao começar. Domínio que não responde não é cobrado.
      </p>
      {short ? (
        <p className="rounded-lg border border-warning/30 bg-warning/10 px-3 py-2 text-sm text-amber-100">
          {topUpOff
            ? 'Saldo insuficiente para uma verificação.'
            : 'Saldo insuficiente para uma verificação. Adicione saldo com PIX para continuar.'}
        </p>
      ) : null}
      {topUpOff ? (
        <TopUpUnavailable />
      ) : (
        <Button variant={short ? 'primary' : 'secondary'} onClick={onAddBalance}>
          <Plus className="h-4 w-4" aria-hidden />
          Adicionar Saldo
        </Button>
      )}
    </Card>
  );
}

import { Plus, Wallet } from 'lucide-react';
import { useState } from 'react';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import { PixTopUpDialog } from '../../../components/balance/pix-top-up-dialog';
import { TopUpUnavailable } from '../../../components/balance/top-up-unavailable';
import { useBalance, usePixTopUp } from '../../../components/balance/use-balance';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatBRL } from '../../../lib/format';
import { LedgerList } from './ledger-list';

/**
 * The profile's 'Saldo' card: the balance, 'Adicionar Saldo' (PIX modal) and the ledger ('Extrato'). A club without
 * PIX top-up says so and links the support instead.
 */
export function BalanceCard({ user }: { user: Pick<CurrentUser, 'name' | 'email'> }) {
  const balance = useBalance();
  const topUpOff = usePixTopUp().data === 'off';
  const [topUpOpen, setTopUpOpen] = useState(false);
  return (
    <Card className="space-y-5">
      <section aria-labelledby="saldo-title" className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <span className="rounded-lg bg-primary/10 p-2.5 text-primary">
            <Wallet className="h-6 w-6" aria-hidden />
          </span>
          <div>
            <h2 id="saldo-title" className="text-sm font-medium text-muted">
              Saldo
            </h2>
            <p className="text-2xl font-bold tabular-nums" aria-live="polite">
              {balance.isPending
                ? 'Carregando...'
                : balance.isError
                  ? 'Indisponível'
                  : formatBRL(balance.data)}
            </p>
          </div>
        </div>
        {topUpOff ? (
          <TopUpUnavailable className="w-full sm:max-w-sm" />
        ) : (
          <Button onClick={() => setTopUpOpen(true)}>
            <Plus className="h-4 w-4" aria-hidden />
            Adicionar Saldo
          </Button>
        )}
      </section>
      <section aria-labelledby="extrato-title" className="space-y-3">
        <h2 id="extrato-title" className="text-base font-semibold">
          Extrato
        </h2>
        <LedgerList />
      </section>
      {topUpOff ? null : (
        <PixTopUpDialog
          open={topUpOpen}
          onOpenChange={setTopUpOpen}
          defaults={{ name: user.name, email: user.email }}
        />
      )}
    </Card>
  );
}

import { Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { PixTopUpDialog } from '../../../components/balance/pix-top-up-dialog';
import { TopUpUnavailable } from '../../../components/balance/top-up-unavailable';
import { usePixTopUp } from '../../../components/balance/use-balance';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Notice } from '../../../components/ui/notice';
import { type ScanFailure, useSlugCheck } from '../hooks/use-slug-check';
import { BalanceCard } from './balance-card';
import { DomainForm } from './domain-form';
import { ProgressPanel } from './progress-panel';
import { RecentScans } from './recent-scans';
import { ResultsPanel } from './results-panel';

const FAILURE_TITLE: Record<number, string> = {
  402: 'Saldo insuficiente',
  409: 'Já existe uma verificação em andamento',
  422: 'Não foi possível verificar este domínio',
  429: 'Muitas verificações em pouco tempo',
  0: 'Sem conexão',
};

function FailureNotice({
  failure,
  onAddBalance,
  onClose,
}: {
  failure: ScanFailure;
  onAddBalance: () => void;
  onClose: () => void;
}) {
  const noBalance = failure.status === 402;
  const topUpOff = usePixTopUp().data === 'off';
  return (
    <Notice
      variant={noBalance ? 'yellow' : 'red'}
      title={FAILURE_TITLE[failure.status] ?? 'Verificação Falhou'}
      onClose={onClose}
    >
      <p>{failure.message}</p>
      {noBalance && topUpOff ? <TopUpUnavailable className="mt-2" /> : null}
      {noBalance && !topUpOff ? (
        <Button size="sm" className="mt-2" onClick={onAddBalance}>
          <Plus className="h-4 w-4" aria-hidden />
          Adicionar Saldo
        </Button>
      ) : null}
    </Notice>
  );
}

// Shown once a scan is done, with its own code (the map's cards, shared with the offer detail).
const ScanFunnel = lazy(() => import('./scan-funnel').then((m) => ({ default: m.ScanFunnel })));

/**
 * Dashboard tab 'slug-checker': the balance and the cost, the domain
 * form, live progress, the results with their tabs, copy and CSV export, and the recent scans.
 */
export default function SlugCheckerTab() {
  const { state, start, stop, reopen, reset, dismissFailure } = useSlugCheck();
  const [pixOpen, setPixOpen] = useState(false);
  const checking = state.phase === 'checking';
  const openPix = () => setPixOpen(true);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card className="space-y-4">
          <div className="space-y-1">
            <h2 className="text-base font-semibold">Nova verificação</h2>
            <p className="text-sm text-muted">
              Testamos páginas de obrigado, upsells, downsells, checkouts, VSLs e áreas de membros do domínio,
              mais os caminhos do robots.txt e do sitemap. Páginas 404 disfarçadas (soft-404) vão para as não
              encontradas; 'Erros' lista só falhas de verdade (sem resposta, 5xx, 403 e outros 4xx).
            </p>
          </div>
          <DomainForm checking={checking} onStart={(input) => void start(input)} onStop={stop} />
          {state.failure ? (
            <FailureNotice failure={state.failure} onAddBalance={openPix} onClose={dismissFailure} />
          ) : null}
        </Card>
        <BalanceCard onAddBalance={openPix} />
      </div>

      {checking && state.view ? (
        <ProgressPanel domain={state.view.domain} tested={state.tested} total={state.total} />
      ) : null}
      {state.view?.funnel?.length ? (
        <Suspense fallback={null}>
          <ScanFunnel key={`funnel-${state.view.scanId ?? state.view.domain}`} view={state.view} />
        </Suspense>
      ) : null}
      {state.view ? (
        <ResultsPanel
          key={`${state.view.domain}-${state.view.startedAt.getTime()}`}
          view={state.view}
          onNewCheck={reset}
        />
      ) : null}

      <RecentScans disabled={checking} openScanId={state.view?.scanId} onOpen={reopen} />
      <PixTopUpDialog open={pixOpen} onOpenChange={setPixOpen} />
    </div>
  );
}

import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { saoPauloDay } from '../../../../shared/sao-paulo-day';
import type { OfferDetail } from '../../../../shared/schemas/offers';
import { SLUG_CHECK_COST_CENTS } from '../../../../shared/slug-checker-rules';
import { FunnelMapPanel } from '../../../components/funnel-map/funnel-map';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatBRL } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session/use-current-user';
import { FUNNEL_MAP_WAIT_MS, useFunnelMap, useMapFunnel } from '../api/use-funnel-map';

/**
 * The offer's funnel (issue #26) on its detail: the latest map every member reads for free, and 'Mapear funil' (a
 * paid scan of the offer's site, free for the administrator; once a day per offer).
 */
export function OfferFunnel({ offer }: { offer: OfferDetail }) {
  const [waiting, setWaiting] = useState(false);
  // Another member's map did not arrive within FUNNEL_MAP_WAIT_MS: said once, until the next click.
  const [gaveUp, setGaveUp] = useState(false);
  const map = useFunnelMap(offer.id, waiting);
  const mapFunnel = useMapFunnel(offer.id, () => setWaiting(true));
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      setWaiting(false);
      setGaveUp(true);
    }, FUNNEL_MAP_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  const { data: user } = useCurrentUser();
  const current = map.data ?? null;
  const mappedToday = current !== null && saoPauloDay(new Date(current.mappedAt)) === saoPauloDay();
  // Another member's map of today has arrived: stop reading it again.
  if (waiting && mappedToday) setWaiting(false);

  const hasSite = Boolean(offer.links.site?.trim());
  const busy = mapFunnel.isPending || waiting;
  const price = user?.isAdmin ? 'grátis para o administrador' : formatBRL(SLUG_CHECK_COST_CENTS / 100);

  const action = !hasSite ? null : (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button
        size="sm"
        onClick={() => {
          setGaveUp(false);
          mapFunnel.mutate();
        }}
        disabled={busy || mappedToday}
      >
        {busy ? <Spinner /> : <Search aria-hidden className="h-4 w-4" />}
        {busy ? 'Mapeando funil…' : current ? 'Mapear de novo' : 'Mapear funil'}
      </Button>
      <p aria-live="polite" className="text-xs text-muted">
        {busy
          ? 'Verificando os caminhos do site: pode levar até um minuto.'
          : mappedToday
            ? 'Mapeado hoje: um novo mapa pode ser feito amanhã.'
            : gaveUp
              ? `O mapa do outro membro não chegou em ${FUNNEL_MAP_WAIT_MS / 60_000} minutos. Você pode mapear de novo (${price}).`
              : `Custa ${price}, uma vez; o mapa fica para todos.`}
      </p>
    </div>
  );

  return (
    <div className="rounded-xl border border-border bg-surface p-4 md:p-5">
      {map.isError ? (
        <p role="alert" className="text-sm text-red-200">
          Não foi possível carregar o funil desta oferta. {errorMessage(map.error, '')}
        </p>
      ) : (
        <FunnelMapPanel
          map={current}
          action={action}
          emptyText={
            map.isPending
              ? 'Carregando o funil…'
              : hasSite
                ? 'Ninguém mapeou o funil desta oferta ainda. Mapeie para ver a página de vendas, o checkout, upsells e a área de membros, com as ferramentas de cada página.'
                : 'Esta oferta não tem link do site para mapear o funil.'
          }
        />
      )}
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { FunnelSteps } from '../../../components/funnel-map/funnel-map';
import { Card } from '../../../components/ui/card';
import { slugScanQuery } from '../api/use-slug-scans';
import type { ScanView } from '../hooks/use-slug-check';

/** While a scan's funnel pictures are being taken, the scan is read again this often. */
export const FUNNEL_PICTURES_POLL_MS = 3_000;

/**
 * The scan's funnel (issue #26): the pages found grouped by funnel step, with their pictures (read again until they
 * are all taken), tools and checkouts. The flat list and the CSV stay below it.
 */
export function ScanFunnel({ view }: { view: ScanView }) {
  const waitForPictures = Boolean(view.scanId && view.funnelScreenshotsPending);
  const fresh = useQuery({
    ...slugScanQuery(view.scanId ?? ''),
    enabled: waitForPictures,
    refetchInterval: (query) =>
      query.state.data && !query.state.data.funnelScreenshotsPending ? false : FUNNEL_PICTURES_POLL_MS,
  });
  const latest = waitForPictures ? fresh.data : undefined;
  const funnel = latest?.funnel ?? view.funnel ?? [];
  const pending = latest ? latest.funnelScreenshotsPending : Boolean(view.funnelScreenshotsPending);

  return (
    <Card className="space-y-4">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">Funil encontrado</h2>
        <p className="text-sm text-muted">
          As páginas de {view.domain} organizadas por etapa do funil, com as ferramentas que cada uma usa e os
          checkouts encontrados. A lista completa e o CSV continuam abaixo.
        </p>
        {pending ? (
          <p role="status" className="text-sm text-muted">
            Capturando as imagens das páginas…
          </p>
        ) : null}
      </div>
      <FunnelSteps entries={funnel} pending={pending} />
    </Card>
  );
}

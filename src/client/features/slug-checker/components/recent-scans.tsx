import { useQueryClient } from '@tanstack/react-query';
import { FolderOpen, History } from 'lucide-react';
import { useState } from 'react';
import type { SlugScanDetail } from '../../../../shared/schemas/slug-checker';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatCount, formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { slugScanQuery, useSlugScans } from '../api/use-slug-scans';
import { scanStatusLabel } from '../scan-status';

/** The member's recent scans (GET /api/slug-scans); 'Abrir' shows one again with its tabs and export. */
export function RecentScans({
  disabled,
  openScanId,
  onOpen,
}: {
  disabled: boolean;
  openScanId?: string;
  onOpen: (scan: SlugScanDetail) => void;
}) {
  const scans = useSlugScans();
  const queryClient = useQueryClient();
  const [opening, setOpening] = useState<string | null>(null);

  const open = async (id: string) => {
    setOpening(id);
    try {
      onOpen(await queryClient.fetchQuery(slugScanQuery(id)));
    } catch (error) {
      toast.error('Erro ao abrir verificação', {
        description: errorMessage(error, 'Não foi possível carregar os resultados. Tente novamente.'),
      });
    } finally {
      setOpening(null);
    }
  };

  return (
    <Card className="space-y-4">
      <h2 className="flex items-center gap-2 text-base font-semibold">
        <History className="h-4 w-4 text-primary" aria-hidden />
        Verificações recentes
      </h2>
      {scans.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Spinner /> Carregando...
        </p>
      ) : scans.isError ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-red-300">
          {errorMessage(scans.error, 'Não foi possível carregar as verificações recentes.')}
          <Button variant="secondary" size="sm" onClick={() => void scans.refetch()}>
            Tentar novamente
          </Button>
        </div>
      ) : scans.data.length === 0 ? (
        <p className="text-sm text-muted">Suas verificações aparecem aqui, para abrir e exportar de novo.</p>
      ) : (
        <ul className="divide-y divide-border">
          {scans.data.map((scan) => (
            <li
              key={scan.id}
              className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0"
            >
              <div className="min-w-0 flex-1 basis-56">
                <p className="flex min-w-0 items-center gap-2">
                  <span className="truncate font-medium" title={scan.domain}>
                    {scan.domain}
                    {scan.baseSlug ? <span className="text-muted">/{scan.baseSlug}</span> : null}
                  </span>
                  {scan.status !== 'done' ? (
                    <Badge variant="warning">{scanStatusLabel(scan.status, scan.refunded)[0]}</Badge>
                  ) : null}
                </p>
                <p className="text-xs text-muted">
                  {formatDateTime(scan.createdAt)} · {formatCount(scan.totalTested)}
                  {scan.status === 'running' && scan.totalSlugs > 0
                    ? ` de ${formatCount(scan.totalSlugs)}`
                    : ''}{' '}
                  testados · <span className="text-green-300">{formatCount(scan.validUrls)} válidos</span> ·{' '}
                  {formatCount(scan.redirects)} redirecionamentos
                </p>
              </div>
              <Button
                variant={openScanId === scan.id ? 'primary' : 'secondary'}
                size="sm"
                disabled={disabled || opening !== null}
                onClick={() => void open(scan.id)}
                aria-label={`Abrir verificação de ${scan.domain} de ${formatDateTime(scan.createdAt)}`}
              >
                {opening === scan.id ? <Spinner /> : <FolderOpen className="h-4 w-4" aria-hidden />}
                Abrir
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

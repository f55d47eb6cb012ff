import { ClipboardCopy, Download, RotateCcw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { downloadFile } from '../../../lib/download';
import { formatCount, formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import type { ScanView } from '../hooks/use-slug-check';
import {
  countResults,
  csvFileName,
  DEFAULT_RESULT_FILTER,
  filterResults,
  orderResults,
  RESULT_FILTER_LABELS,
  RESULT_FILTERS,
  RESULTS_PAGE_SIZE,
  type ResultFilter,
  resultsToCsv,
} from '../results';
import { scanStatusLabel } from '../scan-status';
import { ResultRow } from './result-row';

async function copyText(text: string, title: string, description?: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(title, description ? { description } : undefined);
  } catch {
    toast.error('Erro ao copiar', { description: 'Não foi possível copiar para a área de transferência.' });
  }
}

const EMPTY_TAB: Record<ResultFilter, string> = {
  all: 'Nenhum resultado nesta verificação.',
  valid: 'Nenhuma página encontrada (status 200) neste domínio.',
  redirects: 'Nenhum redirecionamento encontrado.',
  notFound: 'Nenhuma página 404 nesta verificação.',
  errors: 'Nenhum erro: todas as URLs responderam.',
};

/**
 * The results: tabs all / valid / redirects / not found / errors with their counts,
 * opening on the valid ones; ten per page with 'Carregar Mais', copy one URL, copy every URL of the open tab
 * (not only the ten shown), CSV export of the open tab.
 */
export function ResultsPanel({ view, onNewCheck }: { view: ScanView; onNewCheck?: () => void }) {
  const [filter, setFilter] = useState<ResultFilter>(DEFAULT_RESULT_FILTER);
  const [shown, setShown] = useState(RESULTS_PAGE_SIZE);
  const ordered = useMemo(() => orderResults(view.results), [view.results]);
  const counts = useMemo(() => countResults(view.results), [view.results]);
  const list = useMemo(() => filterResults(ordered, filter), [ordered, filter]);
  const [statusLabel, statusVariant] = scanStatusLabel(view.status, view.refunded);
  const running = view.status === 'running';

  const copyAll = () => {
    if (list.length === 0) return;
    void copyText(
      list.map((r) => r.url).join('\n'),
      'URLs Copiadas',
      `${formatCount(list.length)} ${list.length === 1 ? 'URL copiada' : 'URLs copiadas'} (${RESULT_FILTER_LABELS[filter]}).`,
    );
  };
  const exportCsv = () => {
    if (list.length === 0) return;
    downloadFile(
      csvFileName(view.domain, view.startedAt, filter),
      resultsToCsv(list),
      'text/csv;charset=utf-8',
    );
    toast.success('CSV exportado', {
      description: `${formatCount(list.length)} ${list.length === 1 ? 'resultado' : 'resultados'} no arquivo.`,
    });
  };

  return (
    <section aria-labelledby="slug-results-title" className="space-y-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="slug-results-title" className="truncate text-lg font-semibold">
              Resultados: {view.domain}
            </h2>
            <Badge variant={statusVariant}>{statusLabel}</Badge>
          </div>
          <p className="text-sm text-muted">
            {formatDateTime(view.startedAt)} · {formatCount(counts.all)} testados ·{' '}
            <span className="text-green-300">{formatCount(counts.valid)} válidos</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={copyAll} disabled={list.length === 0}>
            <ClipboardCopy className="h-4 w-4" aria-hidden />
            Copiar Todas
          </Button>
          <Button variant="secondary" size="sm" onClick={exportCsv} disabled={list.length === 0}>
            <Download className="h-4 w-4" aria-hidden />
            Exportar CSV
          </Button>
          {onNewCheck && !running ? (
            <Button variant="ghost" size="sm" onClick={onNewCheck}>
              <RotateCcw className="h-4 w-4" aria-hidden />
              Nova verificação
            </Button>
          ) : null}
        </div>
      </div>

      <Tabs
        value={filter}
        onValueChange={(value) => {
          setFilter(value as ResultFilter);
          setShown(RESULTS_PAGE_SIZE);
        }}
      >
        <TabsList aria-label="Filtrar resultados">
          {RESULT_FILTERS.map((f) => (
            <TabsTrigger key={f} value={f}>
              {RESULT_FILTER_LABELS[f]}
              <span className="rounded-full bg-black/20 px-1.5 text-xs tabular-nums">
                {formatCount(counts[f])}
              </span>
            </TabsTrigger>
          ))}
        </TabsList>
        {RESULT_FILTERS.map((f) => (
          <TabsContent key={f} value={f}>
            {f === filter ? (
              list.length === 0 ? (
                <p className="rounded-xl border border-dashed border-border px-4 py-10 text-center text-sm text-muted">
                  {running ? 'Aguardando resultados...' : EMPTY_TAB[f]}
                </p>
              ) : (
                <div className="space-y-3">
                  <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface">
                    {list.slice(0, shown).map((r) => (
                      <ResultRow
                        key={r.url}
                        result={r}
                        onCopy={(url) => void copyText(url, 'URL Copiada', url)}
                      />
                    ))}
                  </ul>
                  <div className="flex flex-col items-center gap-2">
                    <p className="text-xs text-muted" aria-live="polite">
                      Mostrando {formatCount(Math.min(shown, list.length))} de {formatCount(list.length)}
                    </p>
                    {shown < list.length ? (
                      <Button variant="secondary" onClick={() => setShown((n) => n + RESULTS_PAGE_SIZE)}>
                        Carregar Mais
                      </Button>
                    ) : null}
                  </div>
                </div>
              )
            ) : null}
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

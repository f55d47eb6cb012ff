import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FunnelEntry } from '../../../../shared/schemas/funnel';
import type { SlugCheckInput, SlugResult, SlugScanDetail } from '../../../../shared/schemas/slug-checker';
import { parseSlugCheckDomain } from '../../../../shared/slug-checker-rules';
import { BALANCE_QUERY_KEY } from '../../../components/balance/use-balance';
import { ApiError } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { slugScanKeys } from '../api/keys';
import { streamSlugCheck } from '../api/stream-slug-check';

/** What the results panel shows: the scan running now, one just finished, or a recent scan reopened. */
export interface ScanView {
  /** The recent scan's id, once the server has given it. */
  scanId?: string;
  domain: string;
  results: SlugResult[];
  /** When the scan started (the CSV file name carries its date). */
  startedAt: Date;
  status: SlugScanDetail['status'];
  /** Reais given back to the balance (an interrupted or failed scan reopened from the recent ones). */
  refunded?: number | null;
  /** The pages found sorted by funnel step, once the scan is done (null: an older scan, mapped before funnels). */
  funnel?: FunnelEntry[] | null;
  /** The funnel's pictures are still being taken on the server. */
  funnelScreenshotsPending?: boolean;
}

export interface ScanFailure {
  status: number;
  message: string;
}

export interface SlugCheckState {
  /** The screen's states: idle, checking, results. */
  phase: 'idle' | 'checking' | 'results';
  tested: number;
  total: number;
  view?: ScanView;
  failure?: ScanFailure;
}

const IDLE: SlugCheckState = { phase: 'idle', tested: 0, total: 0 };
/** Results arriving in a burst are shown together, at most every 150 ms (a scan sends ~1.400 of them). */
const FLUSH_MS = 150;

export const UNEXPECTED = 'Um erro inesperado ocorreu.';

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * The scan as the screen lives it: start streams POST /api/check-slugs (progress and results as they arrive),
 * stop aborts the request (the server stops when the connection closes), reopen shows a recent scan. Every
 * outcome has its toast. Leaving the tab stops a running scan. The balance and the recent scans are
 * refreshed after every attempt.
 */
export function useSlugCheck() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SlugCheckState>(IDLE);
  const controller = useRef<AbortController | null>(null);
  const stoppedByMember = useRef(false);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (input: SlugCheckInput) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      stoppedByMember.current = false;
      const parsed = parseSlugCheckDomain(input.domain, input.baseSlug);
      const domain = 'target' in parsed ? parsed.target.host : input.domain.trim();
      const received: SlugResult[] = [];
      let progress = { tested: 0, total: 0 };
      let timer: ReturnType<typeof setTimeout> | undefined;
      const flush = () => {
        timer = undefined;
        if (controller.current !== abort) return;
        setState((s) => (s.view ? { ...s, ...progress, view: { ...s.view, results: received.slice() } } : s));
      };
      const schedule = () => {
        timer ??= setTimeout(flush, FLUSH_MS);
      };
      setState({
        phase: 'checking',
        tested: 0,
        total: 0,
        view: { domain, results: [], startedAt: new Date(), status: 'running' },
      });

      try {
        const final = await streamSlugCheck(
          input,
          {
            onProgress(tested, total) {
              progress = { tested: Math.max(tested, received.length), total };
              schedule();
            },
            onResult(result) {
              received.push(result);
              // Progress events are at most one per 100 ms: never show fewer tested than results listed.
              progress = { ...progress, tested: Math.max(progress.tested, received.length) };
              schedule();
            },
          },
          abort.signal,
        );
        if (controller.current !== abort) return;
        setState((s) => ({
          phase: 'results',
          tested: final.totalTested,
          total: final.totalTested,
          view: {
            scanId: final.scanId,
            domain: final.domain,
            results: final.results,
            startedAt: s.view?.startedAt ?? new Date(),
            status: 'done',
            funnel: final.funnel,
            funnelScreenshotsPending: final.funnelScreenshotsPending,
          },
        }));
        toast.success('Verificação Completa', {
          description: `${plural(final.validUrls, 'URL válida', 'URLs válidas')} de ${plural(final.totalTested, 'testada', 'testadas')}.`,
        });
      } catch (error) {
        if (controller.current !== abort) return;
        if (abort.signal.aborted && stoppedByMember.current) {
          setState((s) => ({
            ...s,
            ...progress,
            phase: 'results',
            view: s.view && { ...s.view, results: received.slice(), status: 'stopped' },
          }));
          // The server marks the scan 'stopped' once it notices the closed connection; while the list still shows
          // it running, it asks again (use-slug-scans.ts).
          void queryClient.invalidateQueries({ queryKey: slugScanKeys.list });
          toast('Verificação interrompida', {
            description: `${plural(received.length, 'slug testado', 'slugs testados')} antes de parar. A verificação foi cobrada e ficou nas recentes.`,
          });
          return;
        }
        const failure: ScanFailure =
          error instanceof ApiError
            ? { status: error.status, message: error.message || UNEXPECTED }
            : { status: 0, message: UNEXPECTED };
        setState((s) => ({
          ...s,
          ...progress,
          phase: received.length > 0 ? 'results' : 'idle',
          view:
            received.length > 0 && s.view
              ? { ...s.view, results: received.slice(), status: 'failed' }
              : undefined,
          failure,
        }));
        toast.error('Verificação Falhou', { description: failure.message });
      } finally {
        if (timer) clearTimeout(timer);
        if (controller.current === abort) controller.current = null;
        void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: slugScanKeys.list });
      }
    },
    [queryClient],
  );

  const stop = useCallback(() => {
    stoppedByMember.current = true;
    controller.current?.abort();
  }, []);

  const reopen = useCallback((scan: SlugScanDetail) => {
    controller.current?.abort();
    controller.current = null;
    setState({
      phase: 'results',
      tested: scan.totalTested,
      total: scan.totalTested,
      view: {
        scanId: scan.id,
        domain: scan.domain,
        results: scan.results,
        startedAt: new Date(scan.createdAt),
        status: scan.status,
        refunded: scan.refunded,
        funnel: scan.funnel,
        funnelScreenshotsPending: scan.funnelScreenshotsPending,
      },
    });
  }, []);

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState(IDLE);
  }, []);

  const dismissFailure = useCallback(() => setState((s) => ({ ...s, failure: undefined })), []);

  return { state, start, stop, reopen, reset, dismissFailure };
}

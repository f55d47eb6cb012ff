import type { FunnelEntry } from '../../../shared/schemas/funnel';
import {
  type SlugCheckResponse,
  type SlugResult,
  type SlugScanDetail,
  type SlugScanSummary,
  slugCheckResponse,
  slugResult,
  slugScanDetail,
} from '../../../shared/schemas/slug-checker';

const ORIGIN = 'https://loja.com.br';

/** One result, checked against the shared response schema (a fixture the server could not send fails here). */
export function makeResult(slug: string, status: number, extra: Partial<SlugResult> = {}): SlugResult {
  return slugResult.parse({
    url: `${ORIGIN}/${slug}`,
    slug,
    status,
    statusText:
      status === 200 ? 'OK' : status === 404 ? 'Não Encontrado' : status === 0 ? 'Conexão recusada' : 'HTTP',
    isValid: status >= 200 && status < 300 && !extra.softNotFound,
    responseTime: 42,
    redirectUrl: status >= 300 && status < 400 ? `${ORIGIN}/login` : null,
    softNotFound: false,
    ...extra,
  });
}

/** 12 valid pages, 3 redirects, a 403, 5 404s, a failure and 2 soft-404s (200 and 302): 24 results. */
export function sampleResults(): SlugResult[] {
  return [
    ...Array.from({ length: 12 }, (_, i) => makeResult(`obrigado${i + 1}`, 200)),
    makeResult('checkout', 302, { redirectUrl: '=HYPERLINK("http://mal.com","clique")' }),
    makeResult('membros', 301),
    makeResult('pix', 307),
    makeResult('wp-admin', 403, { statusText: 'Proibido' }),
    ...Array.from({ length: 5 }, (_, i) => makeResult(`nada${i + 1}`, 404)),
    makeResult('vsl', 0),
    makeResult('curinga', 200, {
      softNotFound: true,
      statusText: 'OK (soft-404: igual à resposta de página inexistente)',
    }),
    makeResult('painel', 302, { softNotFound: true }),
  ];
}

export function makeResponse(
  results: SlugResult[],
  domain = 'loja.com.br',
  funnel: FunnelEntry[] = [],
): SlugCheckResponse {
  return slugCheckResponse.parse({
    scanId: '11111111-1111-4111-8111-111111111111',
    domain,
    totalTested: results.length,
    validUrls: results.filter((r) => r.isValid).length,
    results,
    funnel,
    funnelScreenshotsPending: false,
  });
}

export function makeScanDetail(
  results: SlugResult[],
  id = '22222222-2222-4222-8222-222222222222',
): SlugScanDetail {
  return slugScanDetail.parse({
    id,
    domain: 'antiga.com.br',
    baseSlug: null,
    status: 'done',
    createdAt: '2025-03-14T15:30:00.000Z',
    finishedAt: '2025-03-14T15:31:00.000Z',
    totalTested: results.length,
    validUrls: results.filter((r) => r.isValid).length,
    redirects: results.filter((r) => r.status >= 300 && r.status < 400 && !r.softNotFound).length,
    softNotFound: results.filter((r) => r.softNotFound).length,
    totalSlugs: results.length,
    refunded: null,
    results,
    funnel: null,
    funnelScreenshotsPending: false,
  });
}

/** The recent-scans list's entry of a scan (GET /api/slug-scans): the detail without its results and funnel. */
export function summaryOf(detail: SlugScanDetail): SlugScanSummary {
  const { results: _results, funnel: _funnel, funnelScreenshotsPending: _pending, ...summary } = detail;
  return summary;
}

/** An event-stream frame as the server writes it. */
export const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** A streamed answer the test feeds by hand: `push` text (any boundaries), `close` ends the body. */
export function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      cancelled = true;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: () =>
      new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } }),
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
    cancelled: () => cancelled,
  };
}

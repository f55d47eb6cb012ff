import {
  BASE_SLUG_INVALID,
  DOMAIN_INVALID,
  DOMAIN_REQUIRED,
  parseSlugCheckDomain,
  serverSlugCheckMessage,
} from '../slug-checker-rules';
import { funnelEntry } from './funnel';
import { z } from './zod';

export * from '../slug-checker-rules';

/** The domain rules as one schema, with the domain's messages in `wording` (the screen's or the server's). */
const slugCheckSchema = (wording: (message: string) => string) =>
  z
    .object({
      domain: z.string({ message: wording(DOMAIN_REQUIRED) }).max(500, { message: wording(DOMAIN_INVALID) }),
      baseSlug: z.string().max(500, { message: BASE_SLUG_INVALID }).optional().nullable(),
    })
    .superRefine((value, ctx) => {
      const parsed = parseSlugCheckDomain(value.domain, value.baseSlug);
      if ('error' in parsed) {
        const path = parsed.error === BASE_SLUG_INVALID ? ['baseSlug'] : ['domain'];
        ctx.addIssue({ code: 'custom', message: wording(parsed.error), path });
      }
    });

/** POST /api/check-slugs: `{ domain, baseSlug? }`, checked with the domain rules below (server wording). */
export const slugCheckInput = slugCheckSchema(serverSlugCheckMessage);
/** The screen's form: the same rules with the screen's wording ('Domínio Obrigatório' / 'Domínio Inválido'). */
export const slugCheckForm = slugCheckSchema((message) => message);
export type SlugCheckInput = z.infer<typeof slugCheckInput>;

/**
 * One tested URL: url, slug, status, statusText, isValid, responseTime, redirectUrl, plus `softNotFound`.
 * status 0 = the request failed (statusText says why).
 */
export const slugResult = z.object({
  url: z.string(),
  slug: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  /** 200-299 and not a soft-404. */
  isValid: z.boolean(),
  /** Milliseconds until the response (capped body included) or the failure. */
  responseTime: z.number().int(),
  /** The Location of a 3xx (absolute), never followed; null otherwise. */
  redirectUrl: z.string().nullable(),
  /** The answer looks like the site's own "not found" answer (same status and page, or same redirect). */
  softNotFound: z.boolean(),
});
export type SlugResult = z.infer<typeof slugResult>;

export const slugCheckResponse = z.object({
  /** The scan's id (GET /api/slug-scans/:id reopens it). */
  scanId: z.uuid(),
  domain: z.string(),
  totalTested: z.number().int(),
  validUrls: z.number().int(),
  results: z.array(slugResult),
  /**
   * The pages found sorted by funnel step (issue #26): the scanned page, every page found (and those one hop
   * further), every checkout link; steps in funnel order. Pictures may come after the answer: read the scan again
   * (GET /api/slug-scans/:id) while `funnelScreenshotsPending`.
   */
  funnel: z.array(funnelEntry),
  funnelScreenshotsPending: z.boolean(),
});
export type SlugCheckResponse = z.infer<typeof slugCheckResponse>;

/** Server-sent events of POST /api/check-slugs with `Accept: text/event-stream`. */
export const slugCheckProgressEvent = z.object({ tested: z.number().int(), total: z.number().int() });
export type SlugCheckStreamEvent =
  | { event: 'progress'; data: z.infer<typeof slugCheckProgressEvent> }
  | { event: 'result'; data: SlugResult }
  | { event: 'done'; data: SlugCheckResponse }
  | { event: 'error'; data: { message: string; code?: string } };

export const slugScanStatus = z.enum(['running', 'done', 'stopped', 'failed', 'interrupted']);

/** A recent scan in GET /api/slug-scans (without its results). */
export const slugScanSummary = z.object({
  id: z.uuid(),
  domain: z.string(),
  baseSlug: z.string().nullable(),
  status: slugScanStatus,
  /** ISO 8601. */
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  totalTested: z.number().int(),
  validUrls: z.number().int(),
  redirects: z.number().int(),
  softNotFound: z.number().int(),
  /** Slugs the scan tests (0 until its list is built): a running scan's progress is totalTested/totalSlugs. */
  totalSlugs: z.number().int(),
  /** Reais given back to the member's balance (an interrupted or failed scan); null when charged. */
  refunded: z.number().nullable(),
});
export type SlugScanSummary = z.infer<typeof slugScanSummary>;

export const slugScanList = z.object({ scans: z.array(slugScanSummary) });
export type SlugScanList = z.infer<typeof slugScanList>;
export const slugScanDetail = slugScanSummary.extend({
  results: z.array(slugResult),
  /** Null for a scan that has not finished (or finished before funnels were mapped). */
  funnel: z.array(funnelEntry).nullable(),
  funnelScreenshotsPending: z.boolean(),
});
export type SlugScanDetail = z.infer<typeof slugScanDetail>;

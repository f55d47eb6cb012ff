import {
  FUNNEL_STEPS,
  type FunnelEntry,
  type FunnelStep,
  TOOL_KIND_LABELS,
  TOOL_KINDS,
  type ToolKind,
} from '../../../shared/schemas/funnel';
import { formatBRL, formatCount } from '../../lib/format';
import type { BadgeProps } from '../ui/badge';

/**
 * How a funnel map reads on screen (issue #26): entries grouped by step in funnel order, the status as a badge,
 * a page named by its title or path, addresses without their scheme, the one-line summary of a map.
 */

export interface FunnelGroup {
  step: FunnelStep;
  entries: FunnelEntry[];
}

/** The entries grouped by step, in FUNNEL_STEPS order, steps without entries left out; each step keeps its order. */
export function groupFunnelEntries(entries: readonly FunnelEntry[]): FunnelGroup[] {
  return FUNNEL_STEPS.flatMap((step) => {
    const inStep = entries.filter((entry) => entry.step === step);
    return inStep.length > 0 ? [{ step, entries: inStep }] : [];
  });
}

/** The status badge: 2xx green, 3xx amber, 4xx/5xx red; 0 is a checkout link (never requested). */
export function statusBadge(status: number): { label: string; variant: BadgeProps['variant'] } {
  if (status === 0) return { label: 'Link de checkout', variant: 'info' };
  const label = String(status);
  if (status >= 200 && status < 300) return { label, variant: 'primary' };
  if (status >= 300 && status < 400) return { label, variant: 'warning' };
  if (status >= 400 && status < 600) return { label, variant: 'danger' };
  return { label, variant: 'default' };
}

/** The path and query of an address ('/' for the home page); the address itself when it cannot be read. */
export function urlPath(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/** What a page is called: its title, or its path when it has none. */
export function entryName(entry: Pick<FunnelEntry, 'title' | 'url'>): string {
  return entry.title.trim() || urlPath(entry.url);
}

/**
 * An address as a card shows it: without 'http(s)://', 'www.' and a trailing '/'. Only the ends are cut, so the
 * text shown stays part of the full address (the link's accessible name holds it whole).
 */
export function displayUrl(url: string): string {
  const shown = url.replace(/^https?:\/\/(?:www\.)?/i, '').replace(/\/$/, '');
  return shown || url;
}

/**
 * Where a page ended, as its card says it ('Termina em …'), or null when it did not move. Shortened like the
 * address unless that would read the same as the address (a move to https or to a trailing '/').
 */
export function finalUrlShown(entry: Pick<FunnelEntry, 'url' | 'finalUrl'>): string | null {
  if (!entry.finalUrl || entry.finalUrl === entry.url) return null;
  const shown = displayUrl(entry.finalUrl);
  return shown === displayUrl(entry.url) ? entry.finalUrl : shown;
}

/** The tools of a page by kind, in TOOL_KINDS order, each name once. */
export function toolsByKind(
  tools: FunnelEntry['tools'],
): Array<{ kind: ToolKind; label: string; names: string[] }> {
  return TOOL_KINDS.flatMap((kind) => {
    const names = [...new Set(tools.filter((tool) => tool.kind === kind).map((tool) => tool.name))];
    return names.length > 0 ? [{ kind, label: TOOL_KIND_LABELS[kind], names }] : [];
  });
}

const plural = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/** '2 páginas' under a step's heading ('links' for the checkout step, whose entries are links). */
export function stepCountLabel(step: FunnelStep, count: number): string {
  return step === 'Checkout' ? plural(count, 'link', 'links') : plural(count, 'página', 'páginas');
}

/**
 * A map in one line: '5 etapas · checkout Hotmart · R$ 197,00'. The steps found; the checkout platforms (each
 * once, in order); the price, or the lowest and highest when the checkouts differ ('de R$ 97,00 a R$ 497,00').
 */
export function funnelSummary(entries: readonly FunnelEntry[]): string {
  const steps = groupFunnelEntries(entries).length;
  const parts = [plural(steps, 'etapa', 'etapas')];
  const checkouts = entries.flatMap((entry) => (entry.checkout ? [entry.checkout] : []));
  const platforms = [...new Set(checkouts.map((checkout) => checkout.platform).filter(Boolean))];
  if (platforms.length > 0) parts.push(`checkout ${platforms.join(', ')}`);
  const prices = checkouts
    .flatMap((checkout) => (checkout.price === undefined ? [] : [checkout.price]))
    .sort((a, b) => a - b);
  const lowest = prices[0];
  const highest = prices[prices.length - 1];
  if (lowest !== undefined && highest !== undefined) {
    parts.push(
      formatBRL(lowest) === formatBRL(highest)
        ? formatBRL(lowest)
        : `de ${formatBRL(lowest)} a ${formatBRL(highest)}`,
    );
  }
  return parts.join(' · ');
}

import { formatBRL, formatCount, formatPercent } from '../../../shared/number-format';
import type { FunnelDataInput } from '../../../shared/schemas/campaign-analysis';
import { EXTRA_UPSELLS_MAX } from '../../../shared/schemas/campaign-analysis';
import { fieldNumber, readLocalJson, removeLocal, storedText, writeLocalJson } from '../../lib/local-json';

/**
 * The optimizer's form (spec 02 §3 "Optimizer data"): kept in this browser's local storage as typed (text of
 * the number inputs), cleared by 'Limpar Dados'.
 */
export const OPTIMIZER_STORAGE_KEY = 'otimizador-campanhas:dados';

export interface ExtraUpsellForm {
  id: string;
  ticket: string;
  conversao: string;
}

export interface OptimizerForm {
  ticketPrincipal: string;
  upsell1Ticket: string;
  upsell1Conversao: string;
  upsellsAdicionais: ExtraUpsellForm[];
  valorGasto: string;
  valorRetornado: string;
  /** Derived from spend and return as the member types (percent, two decimals), kept with the data. */
  roi: string;
  vendasPrincipal: string;
}

export type OptimizerTextField = Exclude<keyof OptimizerForm, 'upsellsAdicionais' | 'roi'>;

export const newId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export const emptyOptimizerForm = (): OptimizerForm => ({
  ticketPrincipal: '',
  upsell1Ticket: '',
  upsell1Conversao: '',
  upsellsAdicionais: [],
  valorGasto: '',
  valorRetornado: '',
  roi: '',
  vendasPrincipal: '',
});

/** ROI in percent from the typed spend and return, or '' while it cannot be computed. */
export function roiOf(valorGasto: string, valorRetornado: string): string {
  const spent = fieldNumber(valorGasto);
  const back = fieldNumber(valorRetornado);
  if (spent === null || back === null || !(spent > 0) || !Number.isFinite(back)) return '';
  return String(Math.round(((back - spent) / spent) * 10000) / 100);
}

export function loadOptimizerForm(): OptimizerForm {
  const stored = readLocalJson(OPTIMIZER_STORAGE_KEY);
  const form = emptyOptimizerForm();
  if (typeof stored !== 'object' || stored === null) return form;
  const record = stored as Record<string, unknown>;
  for (const key of [
    'ticketPrincipal',
    'upsell1Ticket',
    'upsell1Conversao',
    'valorGasto',
    'valorRetornado',
    'vendasPrincipal',
  ] as const) {
    form[key] = storedText(record[key]);
  }
  if (Array.isArray(record.upsellsAdicionais)) {
    form.upsellsAdicionais = record.upsellsAdicionais
      .filter((u): u is Record<string, unknown> => typeof u === 'object' && u !== null)
      .slice(0, EXTRA_UPSELLS_MAX)
      .map((u) => ({
        id: typeof u.id === 'string' && u.id && u.id.length <= 100 ? u.id : newId(),
        ticket: storedText(u.ticket),
        conversao: storedText(u.conversao),
      }));
  }
  form.roi = roiOf(form.valorGasto, form.valorRetornado);
  return form;
}

export const saveOptimizerForm = (form: OptimizerForm) => writeLocalJson(OPTIMIZER_STORAGE_KEY, form);
export const clearOptimizerForm = () => removeLocal(OPTIMIZER_STORAGE_KEY);

/** The form as the API takes it (`dados`): blank fields are null. */
export function toFunnelData(form: OptimizerForm): FunnelDataInput {
  return {
    ticketPrincipal: fieldNumber(form.ticketPrincipal) as number,
    upsell1Ticket: fieldNumber(form.upsell1Ticket),
    upsell1Conversao: fieldNumber(form.upsell1Conversao),
    upsellsAdicionais: form.upsellsAdicionais.map((u) => ({
      ticket: fieldNumber(u.ticket),
      conversao: fieldNumber(u.conversao),
    })),
    valorGasto: fieldNumber(form.valorGasto) as number,
    valorRetornado: fieldNumber(form.valorRetornado) as number,
    vendasPrincipal: fieldNumber(form.vendasPrincipal) as number,
  };
}

const money = (v: number | null | undefined) => (v == null ? 'não informado' : formatBRL(v));
const pct = (v: number | null | undefined) => (v == null ? 'não informada' : formatPercent(v));

/** The text summary sent as `mensagem` and shown as the member's message in the chat (spec §7). */
export function optimizerSummary(data: FunnelDataInput): string {
  const lines = [
    'Analise minha campanha:',
    `- Ticket do produto principal: ${money(data.ticketPrincipal)}`,
    `- Upsell 1: ticket ${money(data.upsell1Ticket)}, conversão ${pct(data.upsell1Conversao)}`,
  ];
  (data.upsellsAdicionais ?? []).forEach((u, i) => {
    lines.push(`- Upsell ${i + 2}: ticket ${money(u.ticket)}, conversão ${pct(u.conversao)}`);
  });
  lines.push(`- Valor gasto: ${money(data.valorGasto)}`);
  lines.push(`- Valor retornado: ${money(data.valorRetornado)}`);
  const spent = data.valorGasto;
  const back = data.valorRetornado;
  if (spent != null && back != null && spent > 0)
    lines.push(`- ROI: ${formatPercent(((back - spent) / spent) * 100)}`);
  lines.push(
    `- Vendas do produto principal: ${data.vendasPrincipal == null ? 'não informadas' : formatCount(data.vendasPrincipal)}`,
  );
  return lines.join('\n');
}

import { formatBRL, formatCount, formatPercent } from '../../../shared/number-format';
import type { FunnelData, FunnelDataInput } from '../../../shared/schemas/campaign-analysis';
import { EXTRA_UPSELLS_MAX } from '../../../shared/schemas/campaign-analysis';
import {
  type NumberKind,
  type TypedNumber,
  toTypedNumber,
  typedNumberOrNull,
} from '../../../shared/typed-number';
import { readLocalJson, removeLocal, writeLocalJson } from '../../lib/local-json';

/**
 * The optimizer's form (tickets, conversions, spent, returned, sales): kept in this browser's local storage
 * (numbers, null when blank, the member's text when it cannot be read), cleared by 'Limpar Dados'. Drafts saved
 * before the number field kept text ('97.5', '1.000'): they are read by the same rule as a typed field.
 */
export const OPTIMIZER_STORAGE_KEY = 'otimizador-campanhas:dados';

export interface ExtraUpsellForm {
  id: string;
  ticket: TypedNumber;
  conversao: TypedNumber;
}

export interface OptimizerForm {
  ticketPrincipal: TypedNumber;
  upsell1Ticket: TypedNumber;
  upsell1Conversao: TypedNumber;
  upsellsAdicionais: ExtraUpsellForm[];
  valorGasto: TypedNumber;
  valorRetornado: TypedNumber;
  /** Derived from spend and return as the member types (percent, two decimals), kept with the data. */
  roi: number | null;
  vendasPrincipal: TypedNumber;
}

export type OptimizerNumberField = Exclude<keyof OptimizerForm, 'upsellsAdicionais' | 'roi'>;

/** How each field is typed: reais, a percentage, a count. */
export const OPTIMIZER_KINDS: Record<OptimizerNumberField, NumberKind> = {
  ticketPrincipal: 'money',
  upsell1Ticket: 'money',
  upsell1Conversao: 'percent',
  valorGasto: 'money',
  valorRetornado: 'money',
  vendasPrincipal: 'integer',
};

export const newId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export const emptyOptimizerForm = (): OptimizerForm => ({
  ticketPrincipal: null,
  upsell1Ticket: null,
  upsell1Conversao: null,
  upsellsAdicionais: [],
  valorGasto: null,
  valorRetornado: null,
  roi: null,
  vendasPrincipal: null,
});

/** ROI in percent (two decimals) from spend and return, or null while it cannot be computed. */
export function roiOf(valorGasto: TypedNumber, valorRetornado: TypedNumber): number | null {
  const spent = typedNumberOrNull(valorGasto);
  const back = typedNumberOrNull(valorRetornado);
  if (spent === null || back === null || !(spent > 0)) return null;
  return Math.round(((back - spent) / spent) * 10000) / 100;
}

export function loadOptimizerForm(): OptimizerForm {
  const stored = readLocalJson(OPTIMIZER_STORAGE_KEY);
  const form = emptyOptimizerForm();
  if (typeof stored !== 'object' || stored === null) return form;
  const record = stored as Record<string, unknown>;
  for (const key of Object.keys(OPTIMIZER_KINDS) as OptimizerNumberField[]) {
    form[key] = toTypedNumber(record[key], OPTIMIZER_KINDS[key]);
  }
  if (Array.isArray(record.upsellsAdicionais)) {
    form.upsellsAdicionais = record.upsellsAdicionais
      .filter((u): u is Record<string, unknown> => typeof u === 'object' && u !== null)
      .slice(0, EXTRA_UPSELLS_MAX)
      .map((u) => ({
        id: typeof u.id === 'string' && u.id && u.id.length <= 100 ? u.id : newId(),
        ticket: toTypedNumber(u.ticket, 'money'),
        conversao: toTypedNumber(u.conversao, 'percent'),
      }));
  }
  form.roi = roiOf(form.valorGasto, form.valorRetornado);
  return form;
}

export const saveOptimizerForm = (form: OptimizerForm) => writeLocalJson(OPTIMIZER_STORAGE_KEY, form);
export const clearOptimizerForm = () => removeLocal(OPTIMIZER_STORAGE_KEY);

/** The form as the schema reads it (`dados`): blank fields are null, unreadable text is refused there. */
export function toFunnelData(form: OptimizerForm): FunnelDataInput {
  return {
    ticketPrincipal: form.ticketPrincipal,
    upsell1Ticket: form.upsell1Ticket,
    upsell1Conversao: form.upsell1Conversao,
    upsellsAdicionais: form.upsellsAdicionais.map((u) => ({ ticket: u.ticket, conversao: u.conversao })),
    valorGasto: form.valorGasto,
    valorRetornado: form.valorRetornado,
    vendasPrincipal: form.vendasPrincipal,
  };
}

const money = (v: number | null | undefined) => (v == null ? 'não informado' : formatBRL(v));
const pct = (v: number | null | undefined) => (v == null ? 'não informada' : formatPercent(v));

/** The text summary sent as `mensagem` and shown as the member's message in the chat. */
export function optimizerSummary(data: FunnelData): string {
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

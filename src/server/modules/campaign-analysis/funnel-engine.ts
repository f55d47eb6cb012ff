import { formatBRL, formatMultiplier, formatPercent } from '../../../shared/number-format';
import type { FunnelData } from '../../../shared/schemas/campaign-analysis';
import { joinSections, plural, ratio, section } from './engine-text';

/**
 * The campaign optimizer's engine (issue #10): pure arithmetic on the funnel and performance data, and the
 * pt-BR text that states it. The valor retornado is taken as what the member receives (revenue or
 * commission, with no other cost), so the break-even ROAS on it is 1,00x.
 *
 * The rules, stated in the answer too:
 * - scale: ROAS at least SCALE_ROAS (1,50x, half again over break-even) with at least MIN_SALES_TO_SCALE sales;
 * - promising: that ROAS with fewer sales (keep going until the minimum);
 * - optimize: ROAS from 1,00x to below 1,50x (profit, thin margin);
 * - loss: ROAS from CUT_ROAS (0,50x) to below 1,00x; cut: below 0,50x;
 * - no sales: cut once the spend passed the maximum CPA (the average order value), otherwise keep testing.
 */
export const BREAK_EVEN_ROAS = 1;
export const SCALE_ROAS = 1.5;
export const CUT_ROAS = 0.5;
export const MIN_SALES_TO_SCALE = 5;
/** The valor retornado differing from sales × average order value by more than this is pointed out. */
export const RETURN_MISMATCH = 0.2;

export type FunnelVerdict =
  | 'sem-gasto'
  | 'sem-vendas-testar'
  | 'sem-vendas-cortar'
  | 'escalar'
  | 'promissor'
  | 'otimizar'
  | 'prejuizo'
  | 'cortar';

export interface UpsellFigures {
  nome: string;
  ticket: number;
  /** Percent. */
  conversao: number;
  /** Ticket × conversion: what the upsell adds to each main sale. */
  porVenda: number;
  /** Percent of the average order value. */
  participacao: number;
  /** porVenda × sales. */
  noPeriodo: number;
}

export interface FunnelFigures {
  gasto: number;
  retorno: number;
  vendas: number;
  ticketPrincipal: number;
  lucro: number;
  roas: number | null;
  /** Percent. */
  roi: number | null;
  cpa: number | null;
  /** Valor retornado per main sale. */
  receitaPorVenda: number | null;
  upsells: UpsellFigures[];
  /** Average order value: the main ticket plus every upsell's ticket × conversion. */
  ticketMedio: number;
  receitaEsperada: number;
  roasEquilibrio: number;
  /** The ROAS on the main product alone at which the funnel breaks even (main ticket / average order value). */
  roasEquilibrioPrincipal: number;
  cpaMaximo: number;
  verdict: FunnelVerdict;
}

export interface FunnelAnalysis {
  figures: FunnelFigures;
  text: string;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function upsellsOf(data: FunnelData): { nome: string; ticket: number; conversao: number }[] {
  const list: { nome: string; ticket: number; conversao: number }[] = [];
  if (data.upsell1Ticket != null && data.upsell1Conversao != null) {
    list.push({ nome: 'Upsell 1', ticket: data.upsell1Ticket, conversao: data.upsell1Conversao });
  }
  for (const extra of data.upsellsAdicionais) {
    if (extra.ticket == null || extra.conversao == null) continue;
    list.push({ nome: `Upsell ${list.length + 1}`, ticket: extra.ticket, conversao: extra.conversao });
  }
  return list;
}

function verdictOf(f: Omit<FunnelFigures, 'verdict'>): FunnelVerdict {
  if (f.roas === null) return 'sem-gasto';
  if (f.vendas === 0) return f.gasto >= f.cpaMaximo ? 'sem-vendas-cortar' : 'sem-vendas-testar';
  if (f.roas >= SCALE_ROAS) return f.vendas >= MIN_SALES_TO_SCALE ? 'escalar' : 'promissor';
  if (f.roas >= BREAK_EVEN_ROAS) return 'otimizar';
  return f.roas >= CUT_ROAS ? 'prejuizo' : 'cortar';
}

/** Every figure of the optimizer, from validated data. */
export function computeFunnel(data: FunnelData): FunnelFigures {
  const gasto = data.valorGasto;
  const retorno = data.valorRetornado;
  const vendas = data.vendasPrincipal;
  const raw = upsellsOf(data).map((u) => ({ ...u, porVenda: (u.ticket * u.conversao) / 100 }));
  const ticketMedio = data.ticketPrincipal + raw.reduce((sum, u) => sum + u.porVenda, 0);
  const upsells = raw.map((u) => ({
    ...u,
    participacao: (ratio(u.porVenda, ticketMedio) ?? 0) * 100,
    noPeriodo: u.porVenda * vendas,
  }));
  const roas = ratio(retorno, gasto);
  const base = {
    gasto,
    retorno,
    vendas,
    ticketPrincipal: data.ticketPrincipal,
    lucro: round2(retorno - gasto),
    roas,
    roi: roas === null ? null : (roas - 1) * 100,
    cpa: vendas > 0 ? gasto / vendas : null,
    receitaPorVenda: ratio(retorno, vendas),
    upsells,
    ticketMedio,
    receitaEsperada: vendas * ticketMedio,
    roasEquilibrio: BREAK_EVEN_ROAS,
    // ticketPrincipal > 0 (schema), so ticketMedio > 0.
    roasEquilibrioPrincipal: data.ticketPrincipal / ticketMedio,
    cpaMaximo: ticketMedio,
  };
  return { ...base, verdict: verdictOf(base) };
}

function summaryLines(f: FunnelFigures): string[] {
  if (f.roas === null || f.roi === null) {
    return [
      '- Situação: sem valor gasto informado, não há ROAS, ROI nem CPA para calcular.',
      `- Valor retornado: ${formatBRL(f.retorno)} com ${plural(f.vendas, 'venda', 'vendas')}.`,
    ];
  }
  const situation =
    f.lucro > 0
      ? `lucro de ${formatBRL(f.lucro)} (ROI de ${formatPercent(f.roi)})`
      : f.lucro < 0
        ? `prejuízo de ${formatBRL(-f.lucro)} (ROI de ${formatPercent(f.roi)})`
        : 'no zero a zero: o retorno só pagou o gasto (ROI de 0%)';
  const lines = [
    `- Situação: ${situation}.`,
    `- ROAS: ${formatMultiplier(f.roas)} (${formatBRL(f.retorno)} retornados com ${formatBRL(f.gasto)} gastos).`,
  ];
  lines.push(
    f.cpa === null
      ? `- CPA: nenhuma venda registrada; foram ${formatBRL(f.gasto)} gastos sem vender.`
      : `- CPA: ${formatBRL(f.cpa)} por venda (${plural(f.vendas, 'venda', 'vendas')}).`,
  );
  return lines;
}

function funnelLines(f: FunnelFigures): string[] {
  const lines = [`- Ticket do produto principal: ${formatBRL(f.ticketPrincipal)}.`];
  for (const u of f.upsells) {
    const period =
      f.vendas > 0 ? `; ${formatBRL(u.noPeriodo)} nas ${plural(f.vendas, 'venda', 'vendas')}` : '';
    lines.push(
      `- ${u.nome}: ${formatBRL(u.ticket)} com ${formatPercent(u.conversao)} de conversão = ` +
        `${formatBRL(u.porVenda)} por venda (${formatPercent(u.participacao)} do ticket médio${period}).`,
    );
  }
  if (f.upsells.length === 0) {
    lines.push('- Sem upsells informados: o ticket médio é o próprio ticket do produto principal.');
  }
  lines.push(
    `- Ticket médio${f.upsells.length > 0 ? ' com upsells' : ''}: ${formatBRL(f.ticketMedio)} por venda.`,
  );
  if (f.vendas > 0) {
    lines.push(
      `- Receita esperada pelo funil: ${formatBRL(f.receitaEsperada)} ` +
        `(${plural(f.vendas, 'venda', 'vendas')} × ${formatBRL(f.ticketMedio)}).`,
    );
    const gap = ratio(f.retorno - f.receitaEsperada, f.receitaEsperada);
    if (gap !== null && Math.abs(gap) > RETURN_MISMATCH) {
      lines.push(
        `- Atenção: o valor retornado (${formatBRL(f.retorno)}) está ${formatPercent(Math.abs(gap) * 100)} ` +
          `${gap < 0 ? 'abaixo' : 'acima'} da receita esperada pelo funil. Confira as conversões dos upsells ` +
          'e se o valor retornado inclui os upsells.',
      );
    }
  }
  return lines;
}

function limitLines(f: FunnelFigures): string[] {
  const lines = [
    `- ROAS de equilíbrio: ${formatMultiplier(f.roasEquilibrio)} (o valor retornado igual ao gasto, ` +
      'considerando que o valor retornado é o que entra para você, sem outros custos).',
  ];
  if (f.upsells.length > 0) {
    lines.push(
      `- Olhando só o produto principal, o equilíbrio é ${formatMultiplier(f.roasEquilibrioPrincipal)}: ` +
        'os upsells completam o resto.',
    );
  }
  let cpaLine = `- CPA máximo: ${formatBRL(f.cpaMaximo)} por venda (o ticket médio); acima disso cada venda dá prejuízo.`;
  if (f.cpa !== null && f.gasto > 0) {
    const margin = round2(f.cpaMaximo - f.cpa);
    cpaLine +=
      margin >= 0
        ? ` Seu CPA de ${formatBRL(f.cpa)} está ${formatBRL(margin)} abaixo do limite.`
        : ` Seu CPA de ${formatBRL(f.cpa)} está ${formatBRL(-margin)} acima do limite.`;
  }
  lines.push(cpaLine);
  return lines;
}

function verdictLine(f: FunnelFigures): string {
  const roas = f.roas === null ? '' : formatMultiplier(f.roas);
  const scale = formatMultiplier(SCALE_ROAS);
  const perSale = f.receitaPorVenda ?? 0;
  switch (f.verdict) {
    case 'sem-gasto':
      return '- Informe o valor gasto nas campanhas para saber se vale escalar, otimizar ou cortar.';
    case 'sem-vendas-testar':
      return (
        `- Continuar testando: ainda sem vendas, mas o gasto de ${formatBRL(f.gasto)} não chegou ao CPA ` +
        `máximo (${formatBRL(f.cpaMaximo)}). Se chegar a esse valor sem vender, pause e revise a oferta.`
      );
    case 'sem-vendas-cortar':
      return (
        `- Cortar: ${formatBRL(f.gasto)} gastos sem nenhuma venda, mais do que o CPA máximo ` +
        `(${formatBRL(f.cpaMaximo)}). Pause e revise criativo, página e público antes de investir mais.`
      );
    case 'escalar':
      return (
        `- Escalar: ROAS de ${roas}, a partir de ${scale}, com ${plural(f.vendas, 'venda', 'vendas')} ` +
        `(mínimo de ${MIN_SALES_TO_SCALE}). Aumente o orçamento aos poucos, cerca de 20% a cada 2 ou 3 dias, ` +
        `e acompanhe o CPA: o limite é ${formatBRL(f.cpaMaximo)}.`
      );
    case 'promissor':
      return (
        `- Promissor: ROAS de ${roas}, a partir de ${scale}, mas com ${plural(f.vendas, 'venda', 'vendas')}. ` +
        `Mantenha o orçamento até pelo menos ${MIN_SALES_TO_SCALE} vendas antes de escalar.`
      );
    case 'otimizar':
      return (
        `- Otimizar antes de escalar: ROAS de ${roas}, com lucro, mas abaixo de ${scale}. Para chegar a ` +
        `${scale} com a mesma receita por venda (${formatBRL(perSale)}), o CPA precisa cair para ` +
        `${formatBRL(perSale / SCALE_ROAS)}.`
      );
    case 'prejuizo':
      return (
        `- Otimizar ou pausar: ROAS de ${roas}, abaixo do equilíbrio de ${formatMultiplier(BREAK_EVEN_ROAS)}. ` +
        `Para empatar, o CPA precisa cair de ${formatBRL(f.cpa ?? 0)} para ${formatBRL(perSale)} ` +
        '(a receita por venda), ou a receita por venda subir com upsells ou preço.'
      );
    case 'cortar':
      return (
        `- Cortar: ROAS de ${roas}, abaixo de ${formatMultiplier(CUT_ROAS)}; o retorno não cobre metade do ` +
        'gasto. Pause o que gasta sem retorno e revise criativo, página e oferta antes de investir mais.'
      );
  }
}

function recommendationLines(f: FunnelFigures): string[] {
  const lines = [verdictLine(f)];
  if (f.upsells.length === 0) {
    lines.push(
      `- Crie um upsell: sem ele, o CPA máximo fica preso ao ticket de ${formatBRL(f.ticketPrincipal)}.`,
    );
  }
  for (const u of f.upsells) {
    lines.push(
      `- Cada ponto percentual a mais de conversão no ${u.nome} soma ${formatBRL(u.ticket / 100)} ` +
        'por venda ao ticket médio.',
    );
  }
  return lines;
}

function rulesLines(): string[] {
  return [
    `- Escalar: ROAS a partir de ${formatMultiplier(SCALE_ROAS)} com pelo menos ${MIN_SALES_TO_SCALE} vendas.`,
    `- Otimizar: ROAS de ${formatMultiplier(BREAK_EVEN_ROAS)} até abaixo de ${formatMultiplier(SCALE_ROAS)}.`,
    `- Cortar: ROAS abaixo de ${formatMultiplier(CUT_ROAS)}, ou gasto acima do CPA máximo sem nenhuma venda.`,
  ];
}

/** The optimizer's analysis: the figures and the answer text. */
export function analyzeFunnel(data: FunnelData): FunnelAnalysis {
  const figures = computeFunnel(data);
  const text = joinSections([
    section('Resumo da campanha', summaryLines(figures)),
    section('Funil e upsells', funnelLines(figures)),
    section('Limites da campanha', limitLines(figures)),
    section('Recomendações', recommendationLines(figures)),
    section('Regras usadas', rulesLines()),
  ]);
  return { figures, text };
}

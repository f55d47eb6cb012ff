import { formatBRL, formatCount, formatMultiplier, formatPercent } from '../../../shared/number-format';
import { type CreativeItem, isCreativeFilled } from '../../../shared/schemas/campaign-analysis';
import { cleanName, joinSections, plural, ratio, section } from './engine-text';

/**
 * The creative validator's engine (issue #10): each creative's ROAS, profit, cost per click and per checkout
 * started, its CTR/CPC/CPM/IC set against the other creatives, a ranking, and a decision with its reasons.
 * 'quantoVoltou' is taken as what the member receives, so the break-even ROAS is 1,00x; 'ic' is the number of
 * checkouts started (Initiate Checkout), CTR is in percent, CPM and CPC in reais as the ad platform shows them.
 *
 * The rules, stated in the answer too:
 * - enough data to judge: at least MIN_SPEND (R$ 50,00) spent or MIN_CLICKS (100) clicks;
 * - scale: ROAS at least SCALE_ROAS (1,50x) with enough data;
 * - cut: ROAS below BREAK_EVEN_ROAS (1,00x) with enough data;
 * - keep testing: everything else (no spend, too little data, or a profit under 1,50x).
 * A metric is 'above' or 'below' the others when it differs from their mean by more than COMPARE_MARGIN.
 */
export const BREAK_EVEN_ROAS = 1;
export const SCALE_ROAS = 1.5;
export const MIN_SPEND = 50;
export const MIN_CLICKS = 100;
export const COMPARE_MARGIN = 0.15;

export type CreativeDecision = 'escalar' | 'testar' | 'cortar';
export const DECISION_LABEL: Record<CreativeDecision, string> = {
  escalar: 'Escalar',
  testar: 'Continuar testando',
  cortar: 'Cortar',
};

export interface CreativeFigures {
  nome: string;
  gasto: number;
  retorno: number;
  lucro: number;
  roas: number | null;
  cliques: number | null;
  ic: number | null;
  /** As typed (percent). */
  ctr: number | null;
  cpm: number | null;
  /** As typed, else spend / clicks. */
  cpc: number | null;
  custoPorIc: number | null;
  /** Checkouts started per click, percent. */
  taxaIc: number | null;
  dadosSuficientes: boolean;
  decisao: CreativeDecision;
  motivos: string[];
}

export interface CreativesAnalysis {
  /** Ranked, best first. */
  creatives: CreativeFigures[];
  totalGasto: number;
  totalRetorno: number;
  roasGeral: number | null;
  text: string;
}

type Metric = 'ctr' | 'cpc' | 'cpm' | 'custoPorIc' | 'taxaIc';
interface MetricRule {
  key: Metric;
  label: string;
  /** A higher value is better (CTR, IC rate) or a lower one (costs). */
  higherIsBetter: boolean;
  format: (value: number) => string;
  best: string;
}
const METRICS: MetricRule[] = [
  { key: 'ctr', label: 'CTR', higherIsBetter: true, format: formatPercent, best: 'Maior CTR' },
  { key: 'cpc', label: 'CPC', higherIsBetter: false, format: formatBRL, best: 'Menor CPC' },
  { key: 'cpm', label: 'CPM', higherIsBetter: false, format: formatBRL, best: 'Menor CPM' },
  {
    key: 'custoPorIc',
    label: 'Custo por IC',
    higherIsBetter: false,
    format: formatBRL,
    best: 'Menor custo por IC',
  },
  {
    key: 'taxaIc',
    label: 'Taxa de IC',
    higherIsBetter: true,
    format: formatPercent,
    best: 'Maior taxa de IC',
  },
];

const positive = (value: number | null | undefined) => (value != null && value > 0 ? value : null);

function decide(c: Omit<CreativeFigures, 'decisao' | 'motivos' | 'dadosSuficientes'>) {
  const enough = c.gasto >= MIN_SPEND || (c.cliques ?? 0) >= MIN_CLICKS;
  const data = `${formatBRL(c.gasto)} gastos, ${plural(c.cliques ?? 0, 'clique', 'cliques')}`;
  const minimum = `pelo menos ${formatBRL(MIN_SPEND)} gastos ou ${MIN_CLICKS} cliques`;
  if (c.roas === null) {
    return {
      enough,
      decisao: 'testar' as const,
      motivo: 'Sem valor gasto informado: não dá para calcular ROAS nem custos. Informe quanto gastou.',
    };
  }
  const roas = formatMultiplier(c.roas);
  if (c.roas >= SCALE_ROAS) {
    return enough
      ? {
          enough,
          decisao: 'escalar' as const,
          motivo: `ROAS de ${roas}, a partir de ${formatMultiplier(SCALE_ROAS)}, com dados suficientes (${data}).`,
        }
      : {
          enough,
          decisao: 'testar' as const,
          motivo: `ROAS de ${roas} é promissor, mas ainda são poucos dados (${data}); junte ${minimum} antes de escalar.`,
        };
  }
  if (c.roas >= BREAK_EVEN_ROAS) {
    return {
      enough,
      decisao: 'testar' as const,
      motivo: `ROAS de ${roas}: paga o próprio gasto, mas abaixo de ${formatMultiplier(SCALE_ROAS)} para escalar.`,
    };
  }
  return enough
    ? {
        enough,
        decisao: 'cortar' as const,
        motivo: `ROAS de ${roas}, abaixo do equilíbrio de ${formatMultiplier(BREAK_EVEN_ROAS)}, com dados suficientes (${data}).`,
      }
    : {
        enough,
        decisao: 'testar' as const,
        motivo: `ROAS de ${roas}, abaixo do equilíbrio, mas com poucos dados (${data}); se não passar de ${formatMultiplier(BREAK_EVEN_ROAS)} até ${minimum}, corte.`,
      };
}

function figuresOf(item: CreativeItem, index: number): CreativeFigures {
  const gasto = item.quantoGastou ?? 0;
  const retorno = item.quantoVoltou ?? 0;
  const cliques = item.cliques ?? null;
  const ic = item.ic ?? null;
  const base = {
    nome: cleanName(item.nome) || `Criativo ${index + 1}`,
    gasto,
    retorno,
    lucro: Math.round((retorno - gasto) * 100) / 100,
    roas: ratio(retorno, gasto),
    cliques,
    ic,
    ctr: positive(item.ctr),
    cpm: positive(item.cpm),
    cpc: positive(item.cpc) ?? (gasto > 0 ? ratio(gasto, cliques ?? 0) : null),
    custoPorIc: gasto > 0 ? ratio(gasto, ic ?? 0) : null,
    taxaIc: ic === null ? null : ratio(ic * 100, cliques ?? 0),
  };
  const { enough, decisao, motivo } = decide(base);
  return { ...base, dadosSuficientes: enough, decisao, motivos: [motivo] };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** Adds, to each creative's reasons, how each metric compares with the mean of the others that have it. */
function compare(creatives: CreativeFigures[]) {
  for (const rule of METRICS) {
    const withMetric = creatives.filter((c) => c[rule.key] !== null);
    if (withMetric.length < 2) continue;
    const avg = mean(withMetric.map((c) => c[rule.key] as number));
    for (const c of withMetric) {
      const value = c[rule.key] as number;
      const diff = ratio(value - avg, avg);
      const shown = `${rule.label} de ${rule.format(value)}`;
      if (diff === null || Math.abs(diff) <= COMPARE_MARGIN) {
        c.motivos.push(`${shown}: na média dos criativos (${rule.format(avg)}).`);
        continue;
      }
      const better = diff > 0 === rule.higherIsBetter;
      c.motivos.push(
        `${shown}: ${formatPercent(Math.round(Math.abs(diff) * 100))} ${diff > 0 ? 'acima' : 'abaixo'} da média dos ` +
          `criativos (${rule.format(avg)}), ${better ? 'um ponto forte' : 'um ponto fraco'}.`,
      );
    }
  }
}

/** Best first: by ROAS (no spend last), then by profit, then by spend. */
function rank(a: CreativeFigures, b: CreativeFigures): number {
  if (a.roas === null || b.roas === null) return a.roas === null ? (b.roas === null ? 0 : 1) : -1;
  return b.roas - a.roas || b.lucro - a.lucro || b.gasto - a.gasto;
}

function rankingLine(c: CreativeFigures, position: number): string {
  const label = DECISION_LABEL[c.decisao];
  if (c.roas === null) return `${position}. ${c.nome}: sem gasto informado (${label})`;
  const result = c.lucro >= 0 ? `lucro de ${formatBRL(c.lucro)}` : `prejuízo de ${formatBRL(-c.lucro)}`;
  return `${position}. ${c.nome}: ROAS ${formatMultiplier(c.roas)}, ${result} (${label})`;
}

function highlightLines(creatives: CreativeFigures[]): string[] {
  const lines: string[] = [];
  const spent = creatives.filter((c) => c.roas !== null);
  if (spent.length >= 2)
    lines.push(`- Melhor ROAS: ${spent[0]!.nome} (${formatMultiplier(spent[0]!.roas!)}).`);
  for (const rule of METRICS) {
    const withMetric = creatives.filter((c) => c[rule.key] !== null);
    if (withMetric.length < 2) continue;
    const best = withMetric.reduce((a, b) => {
      const va = a[rule.key] as number;
      const vb = b[rule.key] as number;
      return (rule.higherIsBetter ? vb > va : vb < va) ? b : a;
    });
    lines.push(`- ${rule.best}: ${best.nome} (${rule.format(best[rule.key] as number)}).`);
  }
  return lines;
}

function detailLines(c: CreativeFigures): string[] {
  const lines = c.motivos.map((m) => `- ${m}`);
  const counts: string[] = [];
  if (c.cliques !== null) counts.push(plural(c.cliques, 'clique', 'cliques'));
  if (c.ic !== null) counts.push(`${formatCount(c.ic)} IC`);
  if (counts.length > 0 && c.gasto > 0) {
    lines.push(
      `- Volume: ${counts.join(' e ')} com ${formatBRL(c.gasto)} gastos e ${formatBRL(c.retorno)} de retorno.`,
    );
  }
  return lines;
}

function rulesLines(): string[] {
  const minimum = `${formatBRL(MIN_SPEND)} gastos ou ${MIN_CLICKS} cliques`;
  return [
    `- Escalar: ROAS a partir de ${formatMultiplier(SCALE_ROAS)} com pelo menos ${minimum}.`,
    `- Cortar: ROAS abaixo de ${formatMultiplier(BREAK_EVEN_ROAS)} (voltou menos do que gastou) com pelo menos ${minimum}.`,
    '- Continuar testando: os demais casos (sem gasto, poucos dados ou lucro abaixo da regra de escala).',
    `- Comparações: acima ou abaixo quando a diferença para a média passa de ${formatPercent(COMPARE_MARGIN * 100)}.`,
  ];
}

/** The validator's analysis of the filled creatives (the schema guarantees at least one). */
export function analyzeCreatives(items: CreativeItem[]): CreativesAnalysis {
  const creatives = items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => isCreativeFilled(item))
    .map(({ item, index }) => figuresOf(item, index));
  compare(creatives);
  creatives.sort(rank);
  const totalGasto = creatives.reduce((sum, c) => sum + c.gasto, 0);
  const totalRetorno = creatives.reduce((sum, c) => sum + c.retorno, 0);
  const roasGeral = ratio(totalRetorno, totalGasto);
  const count = (d: CreativeDecision) => creatives.filter((c) => c.decisao === d).length;
  const lucroGeral = Math.round((totalRetorno - totalGasto) * 100) / 100;
  const summary = [
    `- ${plural(creatives.length, 'criativo analisado', 'criativos analisados')}: ${formatBRL(totalGasto)} gastos e ` +
      `${formatBRL(totalRetorno)} de retorno` +
      (roasGeral === null
        ? ' (sem gasto informado, sem ROAS geral).'
        : ` (ROAS geral ${formatMultiplier(roasGeral)}, ${lucroGeral >= 0 ? 'lucro' : 'prejuízo'} de ${formatBRL(Math.abs(lucroGeral))}).`),
    `- Decisões: ${count('escalar')} para escalar, ${count('testar')} para continuar testando, ${count('cortar')} para cortar.`,
  ];
  const text = joinSections([
    section('Resumo dos criativos', summary),
    section(
      'Ranking',
      creatives.map((c, i) => rankingLine(c, i + 1)),
    ),
    ...creatives.map((c) => section(`${c.nome}: ${DECISION_LABEL[c.decisao]}`, detailLines(c))),
    section('Destaques', highlightLines(creatives)),
    section('Regras usadas', rulesLines()),
  ]);
  return { creatives, totalGasto, totalRetorno, roasGeral, text };
}

import type { NumberKind, TypedNumber } from '../typed-number';
import { typedNumberInput } from './typed-number';
import { z } from './zod';

/**
 * The campaign optimizer and the creative validator: `POST /api/chat {mensagem, dados}` and
 * `POST /api/validar-criativos {mensagem, criativos}`, both answering `{resposta}`. `mensagem` is the text summary
 * the screen shows in the chat; the analysis is computed from the structured data beside it. Money in reais,
 * conversions and CTR in percent.
 */

export const CREATIVES_EMPTY = 'Preencha pelo menos um criativo antes de validar';
export const CREATIVES_MAX = 20;
export const EXTRA_UPSELLS_MAX = 10;
export const CREATIVE_NAME_MAX = 120;
export const ANALYSIS_MESSAGE_MAX = 10_000;
/** R$ 100 milhões: more than any campaign a member types; keeps every figure far from float trouble. */
export const MONEY_MAX = 100_000_000;
export const COUNT_MAX = 1_000_000_000;

/** The largest JSON body either route takes. */
export const ANALYSIS_BODY_LIMIT = 64 * 1024;

interface NumberRule {
  /** The field's name in messages: 'Valor gasto'. */
  label: string;
  /** How the member types it (money, a count, a decimal, a percentage). */
  kind: NumberKind;
  /** Shown when the field is missing or empty; absent for optional fields. */
  required?: string;
  max: number;
  /** Zero is refused (the main ticket). */
  positive?: boolean;
}

/** The checks on the number once read: at least 0, maximum, integer, positive. */
function numberChecks(rule: NumberRule) {
  const invalid = `${rule.label} deve ser um número positivo.`;
  let field = z
    .number({
      error: (issue) =>
        (issue.input === undefined || issue.input === null ? rule.required : undefined) ?? invalid,
    })
    .min(0, invalid);
  if (rule.positive) field = field.gt(0, `${rule.label} deve ser maior que zero.`);
  if (rule.kind === 'integer') field = field.int(integerMessage(rule));
  return rule.kind === 'percent'
    ? field.max(100, `${rule.label} deve estar entre 0 e 100%.`)
    : field.max(rule.max, `${rule.label} é grande demais.`);
}

const integerMessage = (rule: NumberRule) => `${rule.label} deve ser um número inteiro.`;
const typedRule = (rule: NumberRule, blank: null | undefined) => ({
  message: `${rule.label} deve ser um número positivo.`,
  blank,
  integerMessage: integerMessage(rule),
});

/**
 * A number of the analysis: a JSON number, or text read the Brazilian way ('1.234,56', '1,8%'); text that cannot
 * be read is refused with the field's message and what to type.
 */
const numberField = (rule: NumberRule) =>
  typedNumberInput(rule.kind, typedRule(rule, undefined), numberChecks(rule));

/** An optional number: missing, null or blank means the member left it blank. */
const optionalNumber = (rule: NumberRule) =>
  typedNumberInput(rule.kind, typedRule(rule, null), numberChecks(rule).nullable()).optional();

const money = (label: string): NumberRule => ({ label, kind: 'money', max: MONEY_MAX });
const percent = (label: string): NumberRule => ({ label, kind: 'percent', max: 100 });

export const analysisMessage = z
  .string({ error: 'Envie o resumo da análise (mensagem).' })
  .max(ANALYSIS_MESSAGE_MAX, 'O resumo da análise é grande demais.');

/** One additional upsell: both numbers or neither (a blank row is ignored). */
export const extraUpsell = z.object({
  ticket: optionalNumber(money('Ticket do upsell')),
  conversao: optionalNumber(percent('Conversão do upsell')),
});

/** The optimizer's data: tickets and conversions of the main product and the upsells, spent, returned, sales. */
export const funnelData = z
  .object(
    {
      ticketPrincipal: numberField({
        ...money('Ticket do produto principal'),
        required: 'Informe o ticket do produto principal.',
        positive: true,
      }),
      upsell1Ticket: optionalNumber(money('Ticket do upsell 1')),
      upsell1Conversao: optionalNumber(percent('Conversão do upsell 1')),
      upsellsAdicionais: z
        .array(extraUpsell, { error: 'Upsells adicionais devem ser uma lista.' })
        .max(EXTRA_UPSELLS_MAX, `Você pode informar até ${EXTRA_UPSELLS_MAX} upsells adicionais.`)
        .default([]),
      valorGasto: numberField({ ...money('Valor gasto'), required: 'Informe o valor gasto.' }),
      valorRetornado: numberField({ ...money('Valor retornado'), required: 'Informe o valor retornado.' }),
      vendasPrincipal: numberField({
        label: 'Quantidade de vendas do produto principal',
        kind: 'integer',
        required: 'Informe as vendas do produto principal.',
        max: COUNT_MAX,
      }),
    },
    { error: 'Envie os dados da campanha.' },
  )
  .superRefine((data, ctx) => {
    const pair = (ticket: unknown, conversao: unknown, n: number, path: (string | number)[]) => {
      if ((ticket == null) !== (conversao == null)) {
        ctx.addIssue({ code: 'custom', path, message: `Informe o ticket e a conversão do upsell ${n}.` });
      }
    };
    pair(data.upsell1Ticket, data.upsell1Conversao, 1, ['upsell1Ticket']);
    data.upsellsAdicionais.forEach((u, i) => {
      pair(u.ticket, u.conversao, i + 2, ['upsellsAdicionais', i]);
    });
  });
export type FunnelData = z.infer<typeof funnelData>;
export type FunnelDataInput = z.input<typeof funnelData>;

export const campaignChatInput = z.object({
  mensagem: analysisMessage,
  dados: funnelData,
});
export type CampaignChatInput = z.input<typeof campaignChatInput>;

/** One creative (name, spent, returned, clicks, IC, CTR, CPM, CPC); `ic` is the count of checkouts started. */
export const creativeItem = z.object({
  nome: z
    .string({ error: 'Nome do criativo deve ser um texto.' })
    .trim()
    .max(CREATIVE_NAME_MAX, `O nome do criativo pode ter no máximo ${CREATIVE_NAME_MAX} caracteres.`)
    .nullish()
    .transform((v) => v ?? ''),
  quantoGastou: optionalNumber(money('Quanto gastou')),
  quantoVoltou: optionalNumber(money('Quanto voltou')),
  cliques: optionalNumber({ label: 'Cliques', kind: 'integer', max: COUNT_MAX }),
  // The IC input steps by 0.01, so it takes decimals like the money fields.
  ic: optionalNumber({ label: 'IC', kind: 'decimal', max: COUNT_MAX }),
  ctr: optionalNumber(percent('CTR')),
  cpm: optionalNumber(money('CPM')),
  cpc: optionalNumber(money('CPC')),
});
export type CreativeItem = z.infer<typeof creativeItem>;

/** A creative counts as filled when it has a name, an amount spent or an amount returned. */
export function isCreativeFilled(item: {
  nome?: string | null;
  quantoGastou?: TypedNumber;
  quantoVoltou?: TypedNumber;
}): boolean {
  return (item.nome ?? '').trim() !== '' || item.quantoGastou != null || item.quantoVoltou != null;
}

export const validateCreativesInput = z.object({
  mensagem: analysisMessage,
  criativos: z
    .array(creativeItem, { error: CREATIVES_EMPTY })
    .max(CREATIVES_MAX, `Você pode validar até ${CREATIVES_MAX} criativos de uma vez.`)
    .refine((items) => items.some(isCreativeFilled), CREATIVES_EMPTY),
});
export type ValidateCreativesInput = z.input<typeof validateCreativesInput>;

/** Both routes answer the analysis as text with light markdown (`**título**`, `- item`, `1. item`). */
export const analysisAnswer = z.object({ resposta: z.string() });
export type AnalysisAnswer = z.infer<typeof analysisAnswer>;

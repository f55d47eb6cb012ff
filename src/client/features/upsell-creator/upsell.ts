import { z } from '../../../shared/schemas/zod';
import { type TypedNumber, toTypedNumber } from '../../../shared/typed-number';
import { escapeMarkdown, escapeMarkdownInline } from '../../lib/markdown';
import { formatReaisValue, reaisCents } from '../../lib/reais-text';
import { newDraftId } from '../../lib/use-local-draft';

/**
 * The upsell creator: the strategy, the
 * derived discount, the rules for upsells and benefits, the draft kept in this browser and the Markdown export.
 */

export const UPSELL_TYPES = [
  'Produto Complementar',
  'Versão Premium',
  'Consultoria Personalizada',
  'Implementação Feita para Você',
  'Acesso VIP/Comunidade',
  'Bônus Exclusivo',
  'Treinamento Avançado',
] as const;
export type UpsellType = (typeof UPSELL_TYPES)[number];

export const URGENCY_OPTIONS = [
  'Limitado por tempo (24h)',
  'Limitado por tempo (7 dias)',
  'Limitado por quantidade',
  'Oferta única',
  'Preço promocional',
] as const;
export type Urgency = (typeof URGENCY_OPTIONS)[number];

export interface Upsell {
  id: string;
  name: string;
  type: UpsellType | '';
  /** Reais, as the number field keeps them. */
  originalPrice: TypedNumber;
  upsellPrice: TypedNumber;
  description: string;
  benefits: string[];
  urgency: Urgency | '';
}

export interface UpsellStrategy {
  mainProduct: string;
  mainProductPrice: TypedNumber;
  upsells: Upsell[];
}

export const UPSELL_DRAFT_KEY = 'criador-upsells:rascunho';
export const NAME_MAX = 120;
export const TEXT_MAX = 2000;
export const BENEFIT_MAX = 300;
export const UPSELLS_MAX = 10;
export const BENEFITS_MAX = 20;

export const STRATEGY_TIPS: readonly string[] = [
  'Ofereça o upsell logo depois da compra, enquanto a decisão ainda está quente.',
  'O upsell deve completar o produto principal: resolva o próximo problema do cliente.',
  'Mostre o desconto em relação ao preço original: ele torna a decisão mais fácil.',
  'Use uma urgência verdadeira (tempo, quantidade ou oferta única) e cumpra o que prometer.',
  'Liste benefícios concretos, não características: o que o cliente ganha com isso?',
  'Comece com um upsell e teste o próximo só depois de medir a conversão do primeiro.',
];

/** An upsell as the form starts it: one empty benefit. */
export const blankUpsell = (): Upsell => ({
  id: newDraftId(),
  name: '',
  type: '',
  originalPrice: null,
  upsellPrice: null,
  description: '',
  benefits: [''],
  urgency: '',
});

export const emptyStrategy = (): UpsellStrategy => ({
  mainProduct: '',
  mainProductPrice: null,
  upsells: [blankUpsell()],
});

/**
 * The discount as a whole percent of the original price, only when both prices read as amounts
 * and the original is greater than the upsell price; otherwise null (shown blank). Computed on integer cents.
 */
export function upsellDiscount(originalPrice: TypedNumber, upsellPrice: TypedNumber): number | null {
  const original = reaisCents(originalPrice);
  const upsell = reaisCents(upsellPrice);
  if (original === null || upsell === null || original <= upsell) return null;
  return Math.round(((original - upsell) * 100) / original);
}

export function addUpsell(upsells: readonly Upsell[]): Upsell[] {
  return upsells.length >= UPSELLS_MAX ? [...upsells] : [...upsells, blankUpsell()];
}

/** An upsell can be removed only while more than one remains. */
export function removeUpsell(upsells: readonly Upsell[], id: string): Upsell[] {
  return upsells.length <= 1 ? [...upsells] : upsells.filter((u) => u.id !== id);
}

export function addBenefit(benefits: readonly string[]): string[] {
  return benefits.length >= BENEFITS_MAX ? [...benefits] : [...benefits, ''];
}

/** At least one benefit entry is always kept; removing the last leaves one blank entry. */
export function removeBenefit(benefits: readonly string[], index: number): string[] {
  const rest = benefits.filter((_, i) => i !== index);
  return rest.length === 0 ? [''] : rest;
}

const text = (max: number) => z.string().max(max).catch('');
/** A price of a saved draft: a number, or text saved before the number field, read by the same rule. */
const storedPrice = z.unknown().transform((value) => toTypedNumber(value, 'money', 40));
const storedStrategy = z.object({
  mainProduct: text(NAME_MAX),
  mainProductPrice: storedPrice,
  upsells: z
    .array(
      z.object({
        id: z.string().min(1).max(100),
        name: text(NAME_MAX),
        type: z.enum(UPSELL_TYPES).or(z.literal('')).catch(''),
        originalPrice: storedPrice,
        upsellPrice: storedPrice,
        description: text(TEXT_MAX),
        benefits: z.array(text(BENEFIT_MAX)).max(BENEFITS_MAX).catch(['']),
        urgency: z.enum(URGENCY_OPTIONS).or(z.literal('')).catch(''),
      }),
    )
    .min(1)
    .max(UPSELLS_MAX),
});

/** A saved strategy read back, or null when the stored value is not one. */
export function parseStoredStrategy(value: unknown): UpsellStrategy | null {
  const parsed = storedStrategy.safeParse(value);
  if (!parsed.success) return null;
  return {
    ...parsed.data,
    upsells: parsed.data.upsells.map((u) => ({ ...u, benefits: u.benefits.length ? u.benefits : [''] })),
  };
}

const NOT_GIVEN = 'Não informado';
/** A price as the document says it: 'R$ 197,90', the member's unreadable text as typed, or not given. */
const price = (value: TypedNumber) =>
  formatReaisValue(value) ??
  (typeof value === 'string' && value.trim() ? escapeMarkdownInline(value) : NOT_GIVEN);

/** The strategy as a Markdown document: member text escaped, the discount when it can be computed. */
export function buildUpsellMarkdown(strategy: UpsellStrategy): string {
  const lines: string[] = [
    `# Estratégia de upsells: ${strategy.mainProduct.trim() ? escapeMarkdownInline(strategy.mainProduct) : 'Produto sem nome'}`,
    '',
    '## Produto principal',
    '',
    `- **Produto:** ${strategy.mainProduct.trim() ? escapeMarkdownInline(strategy.mainProduct) : NOT_GIVEN}`,
    `- **Preço:** ${price(strategy.mainProductPrice)}`,
    '',
    '## Ofertas de upsell',
  ];
  strategy.upsells.forEach((upsell, index) => {
    const discount = upsellDiscount(upsell.originalPrice, upsell.upsellPrice);
    lines.push(
      '',
      `### Upsell ${index + 1}: ${upsell.name.trim() ? escapeMarkdownInline(upsell.name) : 'Sem nome'}`,
      '',
      `- **Tipo:** ${upsell.type || NOT_GIVEN}`,
      `- **Preço original:** ${price(upsell.originalPrice)}`,
      `- **Preço do upsell:** ${price(upsell.upsellPrice)}`,
      `- **Desconto:** ${discount === null ? '—' : `${discount}%`}`,
      `- **Urgência:** ${upsell.urgency || NOT_GIVEN}`,
    );
    if (upsell.description.trim()) lines.push('', escapeMarkdown(upsell.description.trim()));
    const benefits = upsell.benefits.filter((b) => b.trim());
    if (benefits.length > 0) {
      lines.push('', '**Benefícios:**', '', ...benefits.map((b) => `- ${escapeMarkdownInline(b)}`));
    }
  });
  lines.push('');
  return lines.join('\n');
}

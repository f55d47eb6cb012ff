import { z } from '../../../shared/schemas/zod';
import { type TypedNumber, toTypedNumber } from '../../../shared/typed-number';
import { escapeMarkdown, escapeMarkdownInline } from '../../lib/markdown';
import { PRODUCT_NICHES, type ProductNiche } from '../../lib/niches';
import { formatCentsPlain, formatReaisValue, reaisCents } from '../../lib/reais-text';
import { newDraftId } from '../../lib/use-local-draft';

/**
 * The product creator: the product, its
 * module and bonus rules, the draft kept in this browser (Save) and the Markdown document (Export).
 */

export const PRODUCT_TYPES = [
  'Curso Online',
  'E-book',
  'Mentoria',
  'Software',
  'Consultoria',
  'Treinamento',
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export { PRODUCT_NICHES, type ProductNiche };

export interface ProductModule {
  id: string;
  name: string;
  description: string;
  content: string;
  /** Position, from 1 (a new module gets the next number). */
  order: number;
}

export interface ProductBonus {
  id: string;
  name: string;
  /** Reais, as the number field keeps it. */
  value: TypedNumber;
  description: string;
}

export interface Product {
  name: string;
  type: ProductType | '';
  niche: ProductNiche | '';
  /** Reais, as the number field keeps it. */
  price: TypedNumber;
  targetAudience: string;
  mainProblem: string;
  solution: string;
  modules: ProductModule[];
  bonuses: ProductBonus[];
  guarantee: string;
}

export const PRODUCT_DRAFT_KEY = 'criador-produtos:rascunho';
export const NAME_MAX = 120;
export const TEXT_MAX = 2000;
export const MODULES_MAX = 50;
export const BONUSES_MAX = 20;

export const blankModule = (order: number): ProductModule => ({
  id: newDraftId(),
  name: '',
  description: '',
  content: '',
  order,
});

export const blankBonus = (): ProductBonus => ({ id: newDraftId(), name: '', value: null, description: '' });

/** A new product: one blank module, no bonuses. */
export const emptyProduct = (): Product => ({
  name: '',
  type: '',
  niche: '',
  price: null,
  targetAudience: '',
  mainProblem: '',
  solution: '',
  modules: [blankModule(1)],
  bonuses: [],
  guarantee: '',
});

/** Adding appends a blank module with the next number. */
export function addModule(modules: readonly ProductModule[]): ProductModule[] {
  if (modules.length >= MODULES_MAX) return [...modules];
  return [...modules, blankModule(modules.length + 1)];
}

/** Removal only while more than one module remains; the others are renumbered from 1. */
export function removeModule(modules: readonly ProductModule[], id: string): ProductModule[] {
  if (modules.length <= 1) return [...modules];
  return modules.filter((m) => m.id !== id).map((m, index) => ({ ...m, order: index + 1 }));
}

const text = (max: number) => z.string().max(max).catch('');
/** A price of a saved draft: a number, or text saved before the number field, read by the same rule. */
const storedPrice = z.unknown().transform((value) => toTypedNumber(value, 'money', 40));
const storedProduct = z.object({
  name: text(NAME_MAX),
  type: z.enum(PRODUCT_TYPES).or(z.literal('')).catch(''),
  niche: z.enum(PRODUCT_NICHES).or(z.literal('')).catch(''),
  price: storedPrice,
  targetAudience: text(TEXT_MAX),
  mainProblem: text(TEXT_MAX),
  solution: text(TEXT_MAX),
  modules: z
    .array(
      z.object({
        id: z.string().min(1).max(100),
        name: text(NAME_MAX),
        description: text(TEXT_MAX),
        content: text(TEXT_MAX),
      }),
    )
    .min(1)
    .max(MODULES_MAX),
  bonuses: z
    .array(
      z.object({
        id: z.string().min(1).max(100),
        name: text(NAME_MAX),
        value: storedPrice,
        description: text(TEXT_MAX),
      }),
    )
    .max(BONUSES_MAX),
  guarantee: text(TEXT_MAX),
});

/** A saved draft read back, or null when the stored value is not one (modules are renumbered from 1). */
export function parseStoredProduct(value: unknown): Product | null {
  const parsed = storedProduct.safeParse(value);
  if (!parsed.success) return null;
  return { ...parsed.data, modules: parsed.data.modules.map((m, index) => ({ ...m, order: index + 1 })) };
}

const NOT_GIVEN = 'Não informado';

const inline = (value: string) => (value.trim() ? escapeMarkdownInline(value) : NOT_GIVEN);
const paragraph = (value: string) => (value.trim() ? escapeMarkdown(value.trim()) : NOT_GIVEN);
/** A price as the document says it: 'R$ 197,90', the member's unreadable text as typed, or not given. */
const price = (value: TypedNumber) =>
  typeof value === 'string' && value.trim()
    ? escapeMarkdownInline(value)
    : (formatReaisValue(value) ?? NOT_GIVEN);

/** The product as a Markdown document: member text escaped, blank fields said as such. */
export function buildProductMarkdown(product: Product): string {
  const lines: string[] = [
    `# ${product.name.trim() ? escapeMarkdownInline(product.name) : 'Produto sem nome'}`,
    '',
    '## Informações básicas',
    '',
    `- **Tipo:** ${product.type || NOT_GIVEN}`,
    `- **Nicho:** ${product.niche || NOT_GIVEN}`,
    `- **Preço:** ${price(product.price)}`,
    `- **Público-alvo:** ${inline(product.targetAudience)}`,
    `- **Problema principal:** ${inline(product.mainProblem)}`,
    `- **Solução:** ${inline(product.solution)}`,
    '',
    '## Módulos',
  ];
  for (const module of product.modules) {
    lines.push(
      '',
      `### Módulo ${module.order}: ${module.name.trim() ? escapeMarkdownInline(module.name) : 'Sem nome'}`,
    );
    if (module.description.trim()) lines.push('', escapeMarkdown(module.description.trim()));
    if (module.content.trim()) lines.push('', '**Conteúdo:**', '', escapeMarkdown(module.content.trim()));
  }
  lines.push('', '## Bônus', '');
  if (product.bonuses.length === 0) {
    lines.push('Nenhum bônus.');
  } else {
    product.bonuses.forEach((bonus, index) => {
      if (index > 0) lines.push('');
      lines.push(
        `### Bônus ${index + 1}: ${bonus.name.trim() ? escapeMarkdownInline(bonus.name) : 'Sem nome'}`,
      );
      lines.push('', `- **Valor:** ${price(bonus.value)}`);
      if (bonus.description.trim()) lines.push('', escapeMarkdown(bonus.description.trim()));
    });
    const values = product.bonuses.map((b) => reaisCents(b.value)).filter((c): c is number => c !== null);
    if (values.length > 0) {
      lines.push('', `**Valor total em bônus:** ${formatCentsPlain(values.reduce((sum, c) => sum + c, 0))}`);
    }
  }
  lines.push('', '## Garantia', '', paragraph(product.guarantee), '');
  return lines.join('\n');
}

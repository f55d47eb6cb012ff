import { formatBRL, formatCount, formatPercent } from '../../../shared/number-format';
import {
  CREATIVES_MAX,
  type CreativeItem,
  type ValidateCreativesInput,
} from '../../../shared/schemas/campaign-analysis';
import { type NumberKind, type TypedNumber, toTypedNumber } from '../../../shared/typed-number';
import { readLocalJson, removeLocal, storedText, writeLocalJson } from '../../lib/local-json';

/**
 * The validator's cards (id, nome, quantoGastou, quantoVoltou, cliques, ic,
 * ctr, cpm, cpc), kept in this browser's local storage under their own key (numbers, null when blank, the
 * member's text when it cannot be read), cleared by 'Limpar Dados'. Cards saved before the number field kept
 * text: it is read by the same rule as a typed field.
 */
export const CREATIVES_STORAGE_KEY = 'validador-criativo:criativos';

export const NUMBER_FIELDS = ['quantoGastou', 'quantoVoltou', 'cliques', 'ic', 'ctr', 'cpm', 'cpc'] as const;
export type CreativeNumberField = (typeof NUMBER_FIELDS)[number];

/** How each number is typed (ic steps by 0.01 like the money fields). */
export const CREATIVE_KINDS: Record<CreativeNumberField, NumberKind> = {
  quantoGastou: 'money',
  quantoVoltou: 'money',
  cliques: 'integer',
  ic: 'decimal',
  ctr: 'percent',
  cpm: 'money',
  cpc: 'money',
};

export interface CreativeCardData extends Record<CreativeNumberField, TypedNumber> {
  id: string;
  nome: string;
}

const newId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export const blankCreative = (): CreativeCardData => ({
  id: newId(),
  nome: '',
  quantoGastou: null,
  quantoVoltou: null,
  cliques: null,
  ic: null,
  ctr: null,
  cpm: null,
  cpc: null,
});

/** The stored cards; at least one card always remains. */
export function loadCreatives(): CreativeCardData[] {
  const stored = readLocalJson(CREATIVES_STORAGE_KEY);
  if (!Array.isArray(stored)) return [blankCreative()];
  const seen = new Set<string>();
  const cards: CreativeCardData[] = [];
  for (const item of stored.slice(0, CREATIVES_MAX)) {
    if (typeof item !== 'object' || item === null) continue;
    const record = item as Record<string, unknown>;
    const card = blankCreative();
    if (typeof record.id === 'string' && record.id && record.id.length <= 100 && !seen.has(record.id)) {
      card.id = record.id;
    }
    seen.add(card.id);
    card.nome = storedText(record.nome, 120);
    for (const field of NUMBER_FIELDS) card[field] = toTypedNumber(record[field], CREATIVE_KINDS[field]);
    cards.push(card);
  }
  return cards.length > 0 ? cards : [blankCreative()];
}

export const saveCreatives = (cards: CreativeCardData[]) => writeLocalJson(CREATIVES_STORAGE_KEY, cards);
export const clearCreatives = () => removeLocal(CREATIVES_STORAGE_KEY);

export const isBlankCard = (card: CreativeCardData) =>
  card.nome === '' && NUMBER_FIELDS.every((field) => card[field] === null);

/** The cards as the schema reads them (`criativos`): blank fields are null, unreadable text is refused there. */
export function toCreativeItems(cards: CreativeCardData[]): ValidateCreativesInput['criativos'] {
  return cards.map(({ id: _id, ...item }) => item);
}

/** The text summary sent as `mensagem`, from the numbers as read. */
export function creativesSummary(items: CreativeItem[]): string {
  const lines = ['Valide meus criativos:'];
  items.forEach((c, i) => {
    const parts = [
      c.quantoGastou == null ? null : `gastou ${formatBRL(c.quantoGastou)}`,
      c.quantoVoltou == null ? null : `voltou ${formatBRL(c.quantoVoltou)}`,
      c.cliques == null ? null : `${formatCount(c.cliques)} cliques`,
      c.ic == null ? null : `IC ${c.ic.toLocaleString('pt-BR')}`,
      c.ctr == null ? null : `CTR ${formatPercent(c.ctr)}`,
      c.cpm == null ? null : `CPM ${formatBRL(c.cpm)}`,
      c.cpc == null ? null : `CPC ${formatBRL(c.cpc)}`,
    ].filter((p): p is string => p !== null);
    const name = c.nome?.trim() || `Criativo ${i + 1}`;
    lines.push(`- ${name}: ${parts.length > 0 ? parts.join(', ') : 'sem números'}`);
  });
  return lines.join('\n');
}

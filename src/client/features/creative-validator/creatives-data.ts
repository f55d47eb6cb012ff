import { formatBRL, formatCount, formatPercent } from '../../../shared/number-format';
import { CREATIVES_MAX, type ValidateCreativesInput } from '../../../shared/schemas/campaign-analysis';
import { fieldNumber, readLocalJson, removeLocal, storedText, writeLocalJson } from '../../lib/local-json';

/**
 * The validator's cards (spec 02 §3 "Creative validator item": id, nome, quantoGastou, quantoVoltou, cliques, ic,
 * ctr, cpm, cpc), kept as typed in this browser's local storage under their own key, cleared by 'Limpar Dados'.
 */
export const CREATIVES_STORAGE_KEY = 'validador-criativo:criativos';

export const NUMBER_FIELDS = ['quantoGastou', 'quantoVoltou', 'cliques', 'ic', 'ctr', 'cpm', 'cpc'] as const;
export type CreativeNumberField = (typeof NUMBER_FIELDS)[number];

export interface CreativeCardData {
  id: string;
  nome: string;
  quantoGastou: string;
  quantoVoltou: string;
  cliques: string;
  ic: string;
  ctr: string;
  cpm: string;
  cpc: string;
}

const newId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export const blankCreative = (): CreativeCardData => ({
  id: newId(),
  nome: '',
  quantoGastou: '',
  quantoVoltou: '',
  cliques: '',
  ic: '',
  ctr: '',
  cpm: '',
  cpc: '',
});

/** The stored cards; at least one (spec §5: at least one card remains). */
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
    for (const field of NUMBER_FIELDS) card[field] = storedText(record[field]);
    cards.push(card);
  }
  return cards.length > 0 ? cards : [blankCreative()];
}

export const saveCreatives = (cards: CreativeCardData[]) => writeLocalJson(CREATIVES_STORAGE_KEY, cards);
export const clearCreatives = () => removeLocal(CREATIVES_STORAGE_KEY);

export const isBlankCard = (card: CreativeCardData) =>
  card.nome === '' && NUMBER_FIELDS.every((field) => card[field] === '');

/** The cards as the API takes them (`criativos`): blank fields are null. */
export function toCreativeItems(cards: CreativeCardData[]): ValidateCreativesInput['criativos'] {
  return cards.map((card) => ({
    nome: card.nome,
    quantoGastou: fieldNumber(card.quantoGastou),
    quantoVoltou: fieldNumber(card.quantoVoltou),
    cliques: fieldNumber(card.cliques),
    ic: fieldNumber(card.ic),
    ctr: fieldNumber(card.ctr),
    cpm: fieldNumber(card.cpm),
    cpc: fieldNumber(card.cpc),
  }));
}

/** The text summary sent as `mensagem` (spec §7). */
export function creativesSummary(items: ValidateCreativesInput['criativos']): string {
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

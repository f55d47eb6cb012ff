import { parseReaisToCents } from '../../shared/money';
import { formatBRL } from './format';

/**
 * Prices typed in the creation screens (VSL generator, product and upsell creators): free text that reads as
 * reais ('97', '197,90', 'R$ 1.497,00'); one message and one formatting for all of them.
 */

export const REAIS_INVALID = 'Informe o valor em reais, por exemplo 97 ou 197,90.';

/** The field's message: null when blank or a valid amount in reais. */
export function reaisTextError(text: string): string | null {
  return text.trim() === '' || parseReaisToCents(text) !== null ? null : REAIS_INVALID;
}

/** Integer cents of a typed price, or null when blank or not an amount. */
export function reaisTextCents(text: string): number | null {
  return text.trim() === '' ? null : parseReaisToCents(text);
}

/** 'R$ 197,90' with a plain space (for text files), or null when blank or not an amount. */
export function formatReaisText(text: string): string | null {
  const cents = reaisTextCents(text);
  return cents === null ? null : formatCentsPlain(cents);
}

/** Cents as 'R$ 1.234,56' with plain spaces (Intl puts a no-break space after 'R$'). */
export const formatCentsPlain = (cents: number): string => formatBRL(cents / 100).replace(/\s/g, ' ');

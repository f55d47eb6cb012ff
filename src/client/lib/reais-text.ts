import { reaisToCents } from '../../shared/money';
import { readTypedValue, type TypedNumber } from '../../shared/typed-number';
import { formatBRL } from './format';

/**
 * Prices of the creation screens (VSL generator, product and upsell creators) as their number fields keep them
 * (a number of reais, null when blank, the member's text when it cannot be read), written into text files.
 */

/** Integer cents of a price (text read by the app's rule), or null when blank or unreadable. */
export function reaisCents(value: TypedNumber): number | null {
  const read = readTypedValue(value, 'money');
  return read.status === 'ok' ? reaisToCents(read.value) : null;
}

/** 'R$ 197,90' with a plain space (for text files), or null when blank or unreadable. */
export function formatReaisValue(value: TypedNumber): string | null {
  const cents = reaisCents(value);
  return cents === null ? null : formatCentsPlain(cents);
}

/** Cents as 'R$ 1.234,56' with plain spaces (Intl puts a no-break space after 'R$'). */
export const formatCentsPlain = (cents: number): string => formatBRL(cents / 100).replace(/\s/g, ' ');

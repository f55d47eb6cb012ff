/**
 * Money: the database keeps integer cents, the API and the screens speak reais (spec 01 §9: precision 10,
 * scale 2). One place for the conversions; no imports.
 */

/** Reais to integer cents, rounded to the nearest cent: 50.1 -> 5010. */
export function reaisToCents(reais: number): number {
  return Math.round(reais * 100);
}

/** Integer cents to reais: 5010 -> 50.1. */
export function centsToReais(cents: number): number {
  return cents / 100;
}

/**
 * An amount typed by a person, in pt-BR or plain decimal notation, to integer cents; null when it is not an
 * amount with at most two decimals. '50' -> 5000, '50,5' -> 5050, '1.234,56' -> 123456, 'R$ 50,00' -> 5000,
 * '50.00' -> 5000, '1.234' -> 123400 (a dot before exactly three digits groups thousands).
 */
export function parseReaisToCents(text: string): number | null {
  let value = text.replace(/^\s*R\$\s*/i, '').replace(/\s+/g, '');
  if (!value) return null;
  if (value.includes(',')) {
    if (!/^\d{1,3}(\.\d{3})*,\d{1,2}$|^\d+,\d{1,2}$/.test(value)) return null;
    value = value.replace(/\./g, '').replace(',', '.');
  } else if (/^\d{1,3}(\.\d{3})+$/.test(value)) {
    value = value.replace(/\./g, '');
  } else if (!/^\d+(\.\d{1,2})?$/.test(value)) {
    return null;
  }
  const [whole = '0', fraction = ''] = value.split('.');
  if (whole.length > 12) return null;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

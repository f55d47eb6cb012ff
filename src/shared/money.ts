/**
 * Money: the database keeps integer cents, the API and the screens speak reais (balances have
 * precision 10, scale 2). One place for the conversions; no imports. Text typed by people is read by `typed-number.ts`.
 */

/** Reais to integer cents, rounded to the nearest cent: 50.1 -> 5010. */
export function reaisToCents(reais: number): number {
  return Math.round(reais * 100);
}

/** Integer cents to reais: 5010 -> 50.1. */
export function centsToReais(cents: number): number {
  return cents / 100;
}

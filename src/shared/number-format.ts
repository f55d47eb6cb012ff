/**
 * Numbers as the screens and the campaign analysis write them, in pt-BR: the one place for money, ROAS,
 * multipliers, percentages and counts (client and server). A value that is not finite prints as zero here;
 * callers that can meet a division by zero decide what to say instead.
 */

const brlWhole = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const roasFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 2 });
const multiplierFormat = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const percentFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const integerFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

const finite = (value: number) => (Number.isFinite(value) ? value : 0);
// -0 would print as '-R$ 0,00' or '-0%'.
const noNegativeZero = (value: number) => (Object.is(value, -0) ? 0 : value);

/**
 * A price as cards and prizes show it: whole reais without ',00', any cents kept: 97 -> 'R$ 97', 97.4 -> 'R$ 97,40',
 * 1234.56 -> 'R$ 1.234,56' (never rounded: a member reads the producer's real price).
 */
export function formatTicket(reais: number): string {
  const cents = Math.round(finite(reais) * 100);
  return cents % 100 === 0 ? brlWhole.format(noNegativeZero(cents / 100)) : formatBRL(cents / 100);
}

/** Reais with cents, pt-BR: 1234.56 -> 'R$ 1.234,56' (a no-break space after 'R$'); -500 -> '-R$ 500,00'. */
export function formatBRL(reais: number): string {
  const rounded = Math.round(finite(reais) * 100) / 100;
  return brl.format(noNegativeZero(rounded));
}

/** ROAS with the 'x' suffix and the pt-BR decimal comma: 3.2 -> '3,2x' (the catalogue's offers). */
export function formatRoas(roas: number): string {
  return `${roasFormat.format(finite(roas))}x`;
}

/** A multiplier with two decimals, as the campaign analysis writes ROAS: 2.5 -> '2,50x'. */
export function formatMultiplier(value: number): string {
  return `${multiplierFormat.format(noNegativeZero(Math.round(finite(value) * 100) / 100))}x`;
}

/** A percentage given in percent, up to two decimals: 12.5 -> '12,5%', 150 -> '150%', 1.257 -> '1,26%'. */
export function formatPercent(percent: number): string {
  return `${percentFormat.format(noNegativeZero(Math.round(finite(percent) * 100) / 100))}%`;
}

/** A whole count with pt-BR thousands separators: 1234 -> '1.234'. */
export function formatCount(value: number): string {
  return integerFormat.format(noNegativeZero(Math.round(finite(value))));
}

/** A change, signed with '+' or the minus sign: 12 -> '+12', -1500 -> '−1.500', 0 -> '0'. */
export function formatSignedCount(change: number): string {
  const sign = change > 0 ? '+' : change < 0 ? '\u2212' : '';
  return `${sign}${formatCount(Math.abs(change))}`;
}

const dateFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'dd/mm/aaaa' in pt-BR; '—' for a missing or invalid date. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date ? dateFormat.format(date) : '—';
}

/** 'dd/mm/aaaa, hh:mm' in pt-BR; '—' for a missing or invalid date. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date ? dateTimeFormat.format(date) : '—';
}

const brlWhole = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const roasFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 2 });
const integerFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** Reais rounded to a whole number, pt-BR: 97.4 -> 'R$ 97' (spec 01 §9: ticket rounded). */
export function formatTicket(reais: number): string {
  return brlWhole.format(Number.isFinite(reais) ? reais : 0);
}

/** Reais with cents, pt-BR: 1234.56 -> 'R$ 1.234,56' (a no-break space after 'R$'). */
export function formatBRL(reais: number): string {
  return brl.format(Number.isFinite(reais) ? reais : 0);
}

/** ROAS with the 'x' suffix and the pt-BR decimal comma: 3.2 -> '3,2x'. */
export function formatRoas(roas: number): string {
  return `${roasFormat.format(Number.isFinite(roas) ? roas : 0)}x`;
}

/** A whole count with pt-BR thousands separators: 1234 -> '1.234'. */
export function formatCount(value: number): string {
  return integerFormat.format(Number.isFinite(value) ? value : 0);
}

import type { BadgeProps } from '../../components/ui/badge';

/**
 * Status colours: Publicado green, Aguardando Upload yellow, Agendado blue, Adiada red, any other value grey
 * (the badge variants of the UI kit with those colours).
 */
export function statusBadgeVariant(status: string): NonNullable<BadgeProps['variant']> {
  switch (status) {
    case 'Publicado':
      return 'primary';
    case 'Aguardando Upload':
      return 'warning';
    case 'Agendado':
      return 'info';
    case 'Adiada':
      return 'danger';
    default:
      return 'default';
  }
}

// A call's date is a calendar day ('YYYY-MM-DD', no time zone): formatted as that day in UTC, so no browser
// time zone moves it to the day before.
const dayFormat = new Intl.DateTimeFormat('pt-BR', {
  weekday: 'long',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-11-26' → 'quinta-feira, 26/11/2026'; null for a missing or malformed date. */
export function formatCallDate(value: string | null): string | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return null;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(day.getTime()) ? null : dayFormat.format(day);
}

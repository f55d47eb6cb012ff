import { describe, expect, it } from 'vitest';
import { formatCallDate, statusBadgeVariant } from './live-call-display';

describe('live call display', () => {
  it('colours the statuses as the spec says, grey for anything else', () => {
    expect(statusBadgeVariant('Publicado')).toBe('primary');
    expect(statusBadgeVariant('Aguardando Upload')).toBe('warning');
    expect(statusBadgeVariant('Agendado')).toBe('info');
    expect(statusBadgeVariant('Adiada')).toBe('danger');
    expect(statusBadgeVariant('Outro')).toBe('default');
  });

  it('formats the calendar day in pt-BR without moving it a day back', () => {
    expect(formatCallDate('2026-11-26')).toBe('quinta-feira, 26/11/2026');
    expect(formatCallDate('2027-01-01')).toBe('sexta-feira, 01/01/2027');
    expect(formatCallDate(null)).toBeNull();
    expect(formatCallDate('26/11/2026')).toBeNull();
  });
});

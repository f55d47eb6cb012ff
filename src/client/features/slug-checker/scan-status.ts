import type { SlugScanSummary } from '../../../shared/schemas/slug-checker';
import type { BadgeProps } from '../../components/ui/badge';
import { formatBRL } from '../../lib/format';

const STATUS: Record<SlugScanSummary['status'], [string, BadgeProps['variant']]> = {
  running: ['Em andamento', 'info'],
  done: ['Concluída', 'primary'],
  stopped: ['Interrompida', 'warning'],
  interrupted: ['Interrompida', 'warning'],
  failed: ['Falhou', 'danger'],
};

/**
 * A scan's status as the member reads it, and its badge colour. A scan given back (interrupted by a restart of the
 * server, or failed on our side) says so: "Interrompida — R$ 1,00 devolvido ao seu saldo".
 */
export function scanStatusLabel(
  status: SlugScanSummary['status'],
  refunded?: number | null,
): [string, BadgeProps['variant']] {
  const [label, variant] = STATUS[status];
  if (refunded == null || refunded <= 0) return [label, variant];
  return [`${label} — ${formatBRL(refunded)} devolvido ao seu saldo`, variant];
}

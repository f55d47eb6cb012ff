import {
  DEMO_CONTENT_LABELS,
  DEMO_CONTENT_REAL_LABELS,
  type DemoContentCounts,
  READINESS_STATE_LABELS,
  type ReadinessItem,
  type ReadinessState,
} from '../../../shared/schemas/admin';

const MARK: Record<ReadinessState, { icon: string; color: string }> = {
  ok: { icon: '✔', color: '\x1b[32m' },
  warn: { icon: '!', color: '\x1b[33m' },
  fail: { icon: '✘', color: '\x1b[31m' },
};
const WIDTH = Math.max(...Object.values(READINESS_STATE_LABELS).map((label) => label.length));

/** One state as the terminal shows it: icon and word (coloured on a terminal), never the colour alone. */
export function stateLabel(state: ReadinessState, color: boolean): string {
  const text = `${MARK[state].icon} ${READINESS_STATE_LABELS[state].padEnd(WIDTH)}`;
  return color ? `${MARK[state].color}${text}\x1b[0m` : text;
}

/** `npm run doctor`'s report: each item with its state, how it is now and, when not OK, the fix. */
export function formatReadiness(
  items: readonly ReadinessItem[],
  options: { production: boolean; color: boolean },
): string {
  const lines = [
    `Clube Escala: pronto para produção? (${options.production ? 'modo produção' : 'modo demonstração'})`,
    '',
  ];
  const indent = ' '.repeat(WIDTH + 4);
  for (const item of items) {
    lines.push(`  ${stateLabel(item.state, options.color)} ${item.title}`);
    lines.push(`${indent} ${item.detail}`);
    if (item.fix) lines.push(`${indent} → ${item.fix}`);
  }
  const count = (state: ReadinessState) => items.filter((item) => item.state === state).length;
  lines.push(
    '',
    `Resultado: ${count('fail')} faltando, ${count('warn')} com atenção, ${count('ok')} OK.` +
      (count('fail') > 0 ? ' Corrija os itens "Falta" antes de receber membros reais.' : ''),
  );
  return lines.join('\n');
}

export function printReadiness(
  items: readonly ReadinessItem[],
  options: { production: boolean; color: boolean },
) {
  console.log(formatReadiness(items, options));
}

/** The demo content's counts (what a removal would delete, or deleted), then what real members made on it. */
export function formatDemoCounts(counts: DemoContentCounts, mode: 'preview' | 'removed'): string {
  const total = DEMO_CONTENT_LABELS.reduce((sum, [key]) => sum + counts[key], 0);
  if (total === 0) {
    return mode === 'removed'
      ? 'Nada a remover: não há conteúdo de demonstração (todas as contagens são 0).'
      : 'Não há conteúdo de demonstração no banco.';
  }
  const lines = [
    mode === 'removed'
      ? 'Conteúdo de demonstração removido:'
      : 'Conteúdo de demonstração (npm run demo -- remove apaga exatamente isto):',
  ];
  for (const [key, label] of DEMO_CONTENT_LABELS) lines.push(`  ${label}: ${counts[key]}`);
  const real = DEMO_CONTENT_REAL_LABELS.filter(([key]) => counts[key] > 0).map(
    ([key, label]) => `${counts[key]} ${label}`,
  );
  if (real.length > 0) {
    lines.push(`  De membros reais, em conteúdo de demonstração (vão junto): ${real.join(', ')}.`);
  }
  return lines.join('\n');
}

export function printDemoCounts(counts: DemoContentCounts, mode: 'preview' | 'removed') {
  console.log(formatDemoCounts(counts, mode));
}

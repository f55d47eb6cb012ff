// `npm test`: type check, lint, unit and integration tests, the build, then the browser tests.
import { spawnSync } from 'node:child_process';

const steps = [
  ['Verificação de tipos', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['Lint (Biome)', 'npx', ['biome', 'check', '.']],
  ['Testes unitários e de integração (Vitest)', 'npx', ['vitest', 'run']],
  ['Build', 'npm', ['run', 'build']],
  ['Testes de navegador (Playwright + Chromium)', 'node', ['e2e/run.mjs']],
];

const only = process.argv.slice(2);
for (const [title, cmd, args] of steps) {
  if (only.length && !only.some((o) => title.toLowerCase().includes(o.toLowerCase()))) continue;
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${title} falhou (${seconds}s).`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${title} (${seconds}s)`);
}
console.log('\nTodos os passos passaram.');

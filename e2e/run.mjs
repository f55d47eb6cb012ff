// Browser tests: builds the app when dist/ is missing, then runs e2e/*.e2e.ts (Vitest + playwright-core + Debian Chromium).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium não encontrado em ${chromium}. Instale com: apt-get install -y chromium (ou defina CHROMIUM_PATH).`,
  );
  process.exit(1);
}
if (!existsSync('dist/server/main.js') || !existsSync('dist/client/index.html')) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);

// Browser tests: builds the app when dist/ is missing, then runs e2e/*.e2e.ts (Vitest + playwright-core +
// the Chromium shipped in the npm package @sparticuz/chromium, or CHROMIUM_PATH).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// Unpack the browser once, here, so parallel workers never race on it; they all get CHROMIUM_PATH.
if (!process.env.CHROMIUM_PATH) {
  const { default: chromium } = await import('@sparticuz/chromium');
  process.env.CHROMIUM_PATH = await chromium.executablePath();
}
if (!existsSync(process.env.CHROMIUM_PATH)) {
  console.error(`Chromium não encontrado em ${process.env.CHROMIUM_PATH} (CHROMIUM_PATH).`);
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

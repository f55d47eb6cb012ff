/**
 * Screenshots of the signed-in screens at 1440 px and 390 px, for looking at what was built:
 *   npx tsx scripts/screenshots.ts [outDir] [path ...]
 * Starts the built server (npm run build first) on a free port with a throwaway DATA_DIR, signs in as the
 * administrator and saves <outDir>/<name>_<width>.png. A path may name the first catalogue offer as `:offer`
 * (e.g. `/detalhes-oferta/:offer`): the demo offers' ids are made at start.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { findFreePort } from '../src/server/db/embedded';
import { CHROMIUM_ARGS, resolveChromiumPath } from '../src/server/lib/chromium';

const outDir = path.resolve(process.argv[2] ?? '.tmp/screenshots');
const pages = process.argv.slice(3).length
  ? process.argv.slice(3)
  : [
      '/dashboard',
      '/perfil',
      '/admin',
      '/admin?tab=usuarios',
      '/admin?tab=webhooks',
      '/admin?tab=notificacoes',
      '/admin?tab=dashboard',
    ];

const admin = { email: 'admin@screens.local', password: 'senha-screens-123' };
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ce-shots-'));
const port = await findFreePort();
const base = `http://localhost:${port}`;
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    APP_URL: base,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'warn',
    SEED_DEMO: '1',
  },
  stdio: 'inherit',
});
try {
  for (let i = 0; ; i++) {
    if (i > 120) throw new Error('servidor não respondeu');
    if (
      await fetch(`${base}/api/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await mkdir(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: await resolveChromiumPath(),
    args: CHROMIUM_ARGS,
  });
  for (const width of [1440, 390]) {
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width, height: width > 1000 ? 900 : 844 },
      locale: 'pt-BR',
    });
    const page = await context.newPage();
    const login = await page.request.post('/api/auth/login', { data: admin, headers: { origin: base } });
    if (!login.ok()) throw new Error(`login falhou: ${login.status()}`);
    const first = await page.request.get('/api/offers?sort=growth&pageSize=1');
    const offerId = ((await first.json()) as { items: { id: string }[] }).items[0]?.id ?? 'nenhuma';
    for (const p of pages) {
      await page.goto(p.replace(':offer', offerId), { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      const name = p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root';
      await page.screenshot({ path: path.join(outDir, `${name}_${width}.png`), fullPage: true });
    }
    await context.close();
  }
  await browser.close();
  console.log(`capturas em ${outDir}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await rm(dataDir, { recursive: true, force: true });
}

import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/client';
import { type AppProcess, startAppProcess } from './app-process';
import { createTestDatabase } from './test-app';

/**
 * main.ts as its own process, in production mode with nothing set: one warning line (JSON, the app's logger) per
 * setting still at a demo value or missing, and the generated administrator password in a 0600 file whose path the
 * log gives, the password itself in no line.
 */
let drop: () => Promise<void>;
let dir: string;
let database: Database;
let app: AppProcess | undefined;

beforeAll(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  database = createDatabase(created.url, { max: 2 });
  dir = await mkdtemp(path.join(os.tmpdir(), 'ce-production-start-'));
  app = await startAppProcess({
    databaseUrl: created.url,
    dataDir: dir,
    env: { CLUB_ENV: 'production', ADMIN_PASSWORD: '', SEED_DEMO: '1' },
  });
}, 90_000);

afterAll(async () => {
  if (app && app.proc.exitCode === null) {
    app.proc.kill('SIGTERM');
    await app.exited;
  }
  await database?.close();
  await drop?.();
  await rm(dir, { recursive: true, force: true });
});

type LogLine = {
  level: number;
  msg: string;
  readiness?: string;
  state?: string;
  file?: string;
};
const logLines = (): LogLine[] =>
  app!
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

async function until(check: () => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`não apareceu a tempo:\n${app!.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a production start', () => {
  it('logs one warning line per setting still at its demo value or missing', async () => {
    await until(() => logLines().some((line) => line.readiness === 'metrics'));
    const warnings = logLines().filter((line) => line.readiness);
    expect(warnings.map((line) => line.readiness).sort()).toEqual(
      [
        'app-url',
        'backup-encryption',
        'backup-target',
        'checkout-url',
        'lastlink-token',
        'mail-from',
        'metrics',
        'pix',
        'redis',
        'seed-demo',
        'smtp',
        'support-url',
      ].sort(),
    );
    expect(warnings.every((line) => line.level === 40)).toBe(true);
    const support = warnings.find((line) => line.readiness === 'support-url')!;
    expect(support.msg).toBe(
      'pronto para produção? Link do suporte: SUPPORT_URL é o WhatsApp de demonstração (https://wa.me/5511999999999). ' +
        'Defina SUPPORT_URL com o canal de suporte do clube: /suporte e os botões de ajuda levam para lá.',
    );
    expect(warnings.find((line) => line.readiness === 'seed-demo')!.msg).toContain(
      'SEED_DEMO=1 é ignorado em produção',
    );
    // Ignored indeed: no demo member.
    const { rows } = await database.pool.query(
      `select count(*)::int as n from users where email like '%@demo.clubeescala.local'`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('puts the generated administrator password in DATA_DIR/admin-password.txt (0600): the log says where, never what', async () => {
    const file = path.join(dir, 'admin-password.txt');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const password = /^Senha: (.+)$/m.exec(await readFile(file, 'utf8'))![1]!;
    expect(logLines().some((line) => line.file === file && line.msg.includes(file))).toBe(true);
    expect(app!.output()).not.toContain(password);

    const login = await fetch(`${app!.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app!.baseUrl },
      body: JSON.stringify({ email: 'admin@clubeescala.test', password }),
    });
    expect(login.status).toBe(200);
    await login.arrayBuffer();
  });
});

import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../db/embedded';
import { projectRoot } from '../../lib/paths';
import { createStorage } from '../../lib/storage/storage';
import { seedDemoContent } from '../../seed/demo';
import { createAdmin } from '../../testing/factories';
import { createTestApp, type TestApp, testConfig } from '../../testing/test-app';

/** An owner's settings for a live club (the database is the test's): the doctor finds nothing red. */
const LIVE = {
  CLUB_ENV: 'production',
  APP_URL: 'https://clube.exemplo.com.br',
  TRUST_PROXY: '127.0.0.1',
  SUPPORT_URL: 'https://wa.me/5511912345678',
  CHECKOUT_URL: 'https://lastlink.com/p/clube-escala',
  PIX_PROVIDER: 'off',
  SMTP_URL: 'smtp://dono:senha-smtp-secreta@smtp.exemplo.com.br:587',
  MAIL_FROM: 'Clube Escala <contato@clube.exemplo.com.br>',
  ADMIN_EMAIL: 'dono@clube.exemplo.com.br',
  LASTLINK_WEBHOOK_TOKEN: 'token-da-lastlink-123',
  BACKUP_TARGET: 's3://backups-do-clube/clube-escala',
  BACKUP_S3_ACCESS_KEY_ID: 'chave-de-acesso',
  BACKUP_S3_SECRET_ACCESS_KEY: 'segredo-do-bucket-de-backups',
  BACKUP_PASSPHRASE: 'uma frase longa guardada fora do servidor',
  REDIS_URL: 'redis://127.0.0.1:6390',
  METRICS_TOKEN: 'token-de-metricas-1234567890',
};

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  t = await createTestApp();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ce-doctor-'));
  await createAdmin(t.db, { email: LIVE.ADMIN_EMAIL });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** `npm run doctor` / `npm run demo` as the owner runs them (the CLI's sources through tsx), with these settings only. */
function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(projectRoot, 'src/server/cli.ts'), ...args],
      {
        cwd: projectRoot,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, ...env },
        timeout: 120_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run doctor', () => {
  it('exit 0 when nothing is red: every item with its state word, the yellow ones with their fix', async () => {
    const run = await cli(['doctor'], { ...LIVE, DATABASE_URL: t.config.DATABASE_URL! });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Clube Escala: pronto para produção? (modo produção)');
    expect(run.stdout).toContain('✔ OK      Endereço público e TLS');
    expect(run.stdout).toContain('APP_URL = https://clube.exemplo.com.br');
    // No backup yet: a warning with its fix.
    expect(run.stdout).toMatch(
      /! Atenção Último backup\n\s+Nenhum backup concluído ainda\.\n\s+→ Rode npm run backup/,
    );
    expect(run.stdout).toMatch(/Resultado: 0 faltando, \d+ com atenção, \d+ OK\./);
    expect(run.stdout).not.toContain('senha-smtp-secreta');
    // Not a terminal: no colour codes.
    expect(run.stdout).not.toContain('\x1b[');
  });

  it('exit 1 when something is red, with the fix in one sentence', async () => {
    const { SMTP_URL: _smtp, ...withoutSmtp } = LIVE;
    const run = await cli(['doctor'], { ...withoutSmtp, DATABASE_URL: t.config.DATABASE_URL! });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /✘ Falta {3}E-mail \(SMTP\)\n\s+SMTP_URL não definido: .*\n\s+→ Defina SMTP_URL \(smtp:\/\/usuário:senha@servidor:587\)/,
    );
    expect(run.stdout).toContain('Resultado: 1 faltando');
  });

  it('a database it cannot reach is a red item; the settings are still listed', async () => {
    const port = await findFreePort();
    const run = await cli(['doctor'], {
      ...LIVE,
      DATABASE_URL: `postgres://clube:senha-do-banco@127.0.0.1:${port}/clube`,
      DATABASE_WAIT_SECONDS: '0',
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('✘ Falta   Banco de dados');
    expect(run.stdout).toContain('✔ OK      Link do suporte');
    expect(run.stdout + run.stderr).not.toContain('senha-do-banco');
  });
});

describe('npm run demo', () => {
  it('shows the counts, removes exactly them, and a second removal finds nothing', async () => {
    const env = { DATABASE_URL: t.config.DATABASE_URL! };
    const config = testConfig(t.config.DATABASE_URL!, dataDir);
    await seedDemoContent(t.db, config, createStorage(config));

    const preview = await cli(['demo'], env);
    expect(preview.code).toBe(0);
    expect(preview.stdout).toContain(
      'Conteúdo de demonstração (npm run demo -- remove apaga exatamente isto):',
    );
    expect(preview.stdout).toContain('  Membros de demonstração: 8\n');

    const removed = await cli(['demo', 'remove'], env);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain('Conteúdo de demonstração removido:');
    expect(removed.stdout).toContain('  Membros de demonstração: 8\n');
    expect(removed.stdout).toMatch(/ {2}Arquivos enviados \(imagens\): [1-9]\d*\n/);

    const again = await cli(['demo', 'remove'], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(
      'Nada a remover: não há conteúdo de demonstração (todas as contagens são 0).',
    );

    const wrong = await cli(['demo', 'apagar'], env);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('Comando de demonstração desconhecido.');
    expect(wrong.stderr).toContain('npm run demo -- remove');
  });
});

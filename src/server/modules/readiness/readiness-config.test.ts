import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadinessItem } from '../../../shared/schemas/admin';
import { loadConfig } from '../../config';
import { measureReadinessFacts } from './backup-disk';
import { configReadiness } from './readiness-config';

/** What an owner sets to go live: every item OK. */
const LIVE = {
  CLUB_ENV: 'production',
  APP_URL: 'https://clube.exemplo.com.br',
  TRUST_PROXY: '127.0.0.1',
  SUPPORT_URL: 'https://wa.me/5511912345678',
  CHECKOUT_URL: 'https://lastlink.com/p/clube-escala',
  PIX_PROVIDER: 'woovi',
  WOOVI_APP_ID: 'app-id-da-woovi',
  WOOVI_WEBHOOK_SECRET: 'segredo-do-webhook-woovi',
  SMTP_URL: 'smtp://dono:senha-smtp-secreta@smtp.exemplo.com.br:587',
  MAIL_FROM: 'Clube Escala <contato@clube.exemplo.com.br>',
  ADMIN_EMAIL: 'dono@clube.exemplo.com.br',
  LASTLINK_WEBHOOK_TOKEN: 'token-da-lastlink-123',
  BACKUP_TARGET: 's3://backups-do-clube/clube-escala',
  BACKUP_S3_ACCESS_KEY_ID: 'chave-de-acesso',
  BACKUP_S3_SECRET_ACCESS_KEY: 'segredo-do-bucket-de-backups',
  BACKUP_PASSPHRASE: 'uma frase longa guardada fora do servidor',
  METRICS_TOKEN: 'token-de-metricas-1234567890',
  DATA_DIR: '/srv/clube/data',
};

/** What the doctor measures for LIVE: its bucket. */
const LIVE_FACTS = {
  backup: {
    kind: 's3' as const,
    location: 's3://backups-do-clube/clube-escala/',
    encrypted: true,
    sameDiskAsDatabase: false,
  },
};

const states = (items: ReadinessItem[]) => Object.fromEntries(items.map((i) => [i.id, i.state]));
const find = (items: ReadinessItem[], id: ReadinessItem['id']) => items.find((i) => i.id === id)!;

describe('configReadiness', () => {
  it('a fresh clone (the local demo) lists every demo value as missing, each with its fix', () => {
    const items = configReadiness(loadConfig({ DATA_DIR: '/tmp/ce-demo' }), {
      backup: {
        kind: 'folder',
        location: '/tmp/ce-demo/backups',
        encrypted: false,
        sameDiskAsDatabase: true,
      },
    });
    expect(states(items)).toEqual({
      mode: 'fail',
      'app-url': 'fail',
      'trust-proxy': 'ok',
      'support-url': 'fail',
      'checkout-url': 'warn',
      pix: 'fail',
      'pix-key': 'fail',
      smtp: 'fail',
      'mail-from': 'warn',
      'admin-email': 'warn',
      'lastlink-token': 'fail',
      'backup-target': 'fail',
      'backup-encryption': 'warn',
      redis: 'ok',
      metrics: 'warn',
      'seed-demo': 'warn',
    });
    for (const item of items) {
      // One Portuguese sentence per item that is not OK; none for an OK one.
      if (item.state === 'ok') expect(item.fix, item.id).toBeNull();
      else expect(item.fix, item.id).toMatch(/^[A-Z][^\n]+\.$/);
    }
    expect(find(items, 'support-url').detail).toContain('https://wa.me/5511999999999');
    expect(find(items, 'backup-target').detail).toContain('/tmp/ce-demo/backups: no mesmo disco do banco');
  });

  it('everything set as an owner goes live: all OK, and no secret in any line', () => {
    const items = configReadiness(loadConfig(LIVE), LIVE_FACTS);
    expect(items.filter((i) => i.state !== 'ok')).toEqual([]);
    const text = JSON.stringify(items);
    for (const secret of [
      'senha-smtp-secreta',
      'dono:',
      'segredo-do-webhook-woovi',
      'token-da-lastlink-123',
      'token-de-metricas',
      'uma frase longa',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(find(items, 'smtp').detail).toBe('SMTP smtp.exemplo.com.br:587');
    expect(find(items, 'mode').detail).toBe('CLUB_ENV=production.');
  });

  it('PIX: off is a warning, sandbox a failure (with its fake key), Woovi needs its webhook verified', () => {
    const pix = (env: Record<string, string>) => {
      const items = configReadiness(loadConfig({ ...LIVE, ...env }));
      return [find(items, 'pix')?.state, items.find((i) => i.id === 'pix-key')?.state];
    };
    expect(pix({ PIX_PROVIDER: '' })).toEqual(['warn', undefined]);
    expect(pix({ PIX_PROVIDER: 'off' })).toEqual(['warn', undefined]);
    expect(pix({ PIX_PROVIDER: 'sandbox' })).toEqual(['fail', 'fail']);
    // A real key in the sandbox is no better: real payments that nothing confirms.
    expect(pix({ PIX_PROVIDER: 'sandbox', PIX_KEY: 'financeiro@clube.exemplo.com.br' })).toEqual([
      'fail',
      'fail',
    ]);
    expect(pix({ WOOVI_WEBHOOK_SECRET: '' })).toEqual(['fail', undefined]);
    expect(pix({ WOOVI_WEBHOOK_SECRET: '', WOOVI_WEBHOOK_PUBLIC_KEY: 'LS0tLS1CRUdJTg==' })).toEqual([
      'ok',
      undefined,
    ]);
  });

  it('backups: the database’s own disk is red, another disk or a bucket OK; unencrypted or unscheduled is a warning', () => {
    const backup = (env: Record<string, string>, facts = {}) =>
      states(configReadiness(loadConfig({ ...LIVE, ...env }), facts));
    const folder = (sameDiskAsDatabase: boolean | null) => ({
      backup: { kind: 'folder' as const, location: '/mnt/b', encrypted: true, sameDiskAsDatabase },
    });
    expect(backup({ BACKUP_TARGET: '' }, folder(true))['backup-target']).toBe('fail');
    expect(backup({ BACKUP_TARGET: '/mnt/outro-disco' }, folder(false))['backup-target']).toBe('ok');
    // Not measured, or an external database on this machine (the folder may share its disk): a warning.
    expect(backup({ BACKUP_TARGET: '/mnt/outro-disco' })['backup-target']).toBe('warn');
    expect(
      backup({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/clube' }, folder(null))['backup-target'],
    ).toBe('warn');
    expect(
      backup(
        { BACKUP_TARGET: '', BACKUP_PASSPHRASE: '' },
        {
          backup: {
            kind: 's3',
            location: 's3://arquivos/backups/',
            encrypted: false,
            sameDiskAsDatabase: false,
          },
        },
      )['backup-target'],
    ).toBe('ok');
    expect(backup({ BACKUP_EVERY_HOURS: '0' }, folder(false))['backup-target']).toBe('warn');
    expect(backup({ BACKUP_PASSPHRASE: '' })['backup-encryption']).toBe('warn');
  });

  it('several instances (DATABASE_URL): Redis for the limits; behind https: TRUST_PROXY; SEED_DEMO ignored in production', () => {
    const external = { DATABASE_URL: 'postgres://u:p@db.interno:5432/clube' };
    expect(states(configReadiness(loadConfig({ ...LIVE, ...external }))).redis).toBe('warn');
    expect(
      states(configReadiness(loadConfig({ ...LIVE, ...external, REDIS_URL: 'redis://r:6379' }))).redis,
    ).toBe('ok');
    expect(states(configReadiness(loadConfig({ ...LIVE, TRUST_PROXY: '' })))['trust-proxy']).toBe('warn');
    const seeded = configReadiness(loadConfig({ ...LIVE, SEED_DEMO: '1' }));
    expect(find(seeded, 'seed-demo')).toMatchObject({ state: 'warn' });
    expect(find(seeded, 'seed-demo').detail).toContain('ignorado em produção');
    expect(
      states(configReadiness(loadConfig({ ...LIVE, METRICS_TOKEN: '', METRICS_PORT: '9464' }))).metrics,
    ).toBe('ok');
  });
});

describe('measureReadinessFacts', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ce-readiness-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('compares the backup folder’s disk (st_dev) with the embedded database’s folder, made or not yet', async () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect((await measureReadinessFacts(config)).backup).toMatchObject({
      kind: 'folder',
      sameDiskAsDatabase: true,
    });
    const items = configReadiness(config, await measureReadinessFacts(config));
    expect(find(items, 'backup-target').state).toBe('fail');
    // A bucket: off this machine.
    expect(
      (
        await measureReadinessFacts(
          loadConfig({
            DATA_DIR: dir,
            BACKUP_TARGET: 's3://bkp/p',
            BACKUP_S3_ACCESS_KEY_ID: 'id',
            BACKUP_S3_SECRET_ACCESS_KEY: 'segredo',
            BACKUP_S3_ENDPOINT: 'http://127.0.0.1:9',
          }),
        )
      ).backup,
    ).toMatchObject({ kind: 's3', sameDiskAsDatabase: false });
  });

  it.skipIf(process.platform !== 'linux')('another disk (the machine’s /dev/shm) is told apart', async () => {
    const [tmp, shm] = await Promise.all([stat(dir), stat('/dev/shm').catch(() => null)]);
    if (!shm || shm.dev === tmp.dev) return;
    const config = loadConfig({ DATA_DIR: dir, BACKUP_TARGET: '/dev/shm/ce-backups-nao-criada' });
    expect((await measureReadinessFacts(config)).backup?.sameDiskAsDatabase).toBe(false);
  });
});

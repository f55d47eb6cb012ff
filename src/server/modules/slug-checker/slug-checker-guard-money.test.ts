import type { LookupAddress } from 'node:dns';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLUG_CHECK_COST_CENTS } from '../../../shared/schemas/slug-checker';
import { slugScans } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { debitAndCreateScan } from './slug-checker.repo';
import {
  INSUFFICIENT_BALANCE,
  INSUFFICIENT_BALANCE_NO_TOP_UP,
  prepareSlugCheck,
  runSlugCheck,
} from './slug-checker.service';
import {
  balanceAndLedger,
  echoEverythingHandler,
  memberWithBalance,
  realSiteHandler,
  startSite,
  type TestSite,
} from './slug-checker.test-support';

let guarded: TestApp;
let open: TestApp;
let site: TestSite;
beforeAll(async () => {
  // The guard on (the default: ALLOW_PRIVATE_NETWORK_TARGETS unset) and, for the money tests, off.
  [guarded, open] = await Promise.all([
    createTestApp(),
    createTestApp({ ALLOW_PRIVATE_NETWORK_TARGETS: '1' }),
  ]);
  site = await startSite(echoEverythingHandler);
});
afterAll(async () => {
  await site.close();
  await Promise.all([guarded.close(), open.close()]);
});

const member = (t: TestApp, cents: number) => memberWithBalance(t.db, cents);

const check = (t: TestApp, cookie: string, domain: string) =>
  t.request({ method: 'POST', url: '/api/check-slugs', payload: { domain }, headers: { cookie } });

describe('the address guard (ALLOW_PRIVATE_NETWORK_TARGETS off)', () => {
  it('refuses loopback in every spelling before any request reaches the target, and charges nothing', async () => {
    const { user, cookie } = await member(guarded, 300);
    const port = site.port;
    const spellings = [
      `127.0.0.1:${port}`,
      `http://127.0.0.1:${port}/`,
      `https://127.0.0.1:${port}`,
      `http://[::ffff:127.0.0.1]:${port}`,
      `http://0177.0.0.1:${port}`,
      `http://0x7f.0.0.1:${port}`,
      `http://2130706433.:${port}`,
      `http://127.1:${port}`,
      `http://0.0.0.0.:${port}`,
      `http://169.254.169.254/latest/meta-data`,
      `http://10.0.0.1:${port}`,
    ];
    for (const domain of spellings) {
      const res = await check(guarded, cookie, domain);
      expect(res.statusCode, domain).toBe(400);
      expect(res.json().message, domain).toBe(
        'Endereço não permitido: a URL aponta para uma rede interna. Nada foi cobrado.',
      );
    }
    for (const domain of [`localhost:${port}`, `http://localhost:${port}`, `[::1]:${port}`]) {
      const res = await check(guarded, cookie, domain);
      expect(res.statusCode, domain).toBe(400);
      expect(res.json().message).toBe('Formato de domínio inválido');
    }
    expect(site.connections()).toBe(0);
    expect(site.paths).toEqual([]);
    expect(await balanceAndLedger(guarded.db, user.id)).toEqual({
      balance: 300,
      ledgerSum: 300,
      slugCheckRows: 0,
    });
    expect(await guarded.db.select().from(slugScans).where(eq(slugScans.userId, user.id))).toEqual([]);
  });

  it('refuses a host name that resolves to loopback, checked on the resolved address', async () => {
    const { user } = await member(guarded, 300);
    const lookup = ((_host: string, _options: unknown, callback: (e: null, a: LookupAddress[]) => void) =>
      callback(null, [{ address: '127.0.0.1', family: 4 }])) as unknown as typeof import('node:dns').lookup;
    const deps = {
      db: guarded.db,
      config: guarded.config,
      jobs: guarded.app.jobs,
      workers: guarded.app.workers,
      lookup,
    };
    await expect(
      prepareSlugCheck(deps, user.id, { domain: `loja.exemplo.com.br:${site.port}` }),
    ).rejects.toThrow(/Endereço não permitido/);
    expect(site.connections()).toBe(0);
    expect((await balanceAndLedger(guarded.db, user.id)).balance).toBe(300);
  });
});

describe('charging', () => {
  it('debits R$ 1,00 per verification with a ledger row, and refuses with "saldo" when the balance is short', async () => {
    const { user, cookie } = await member(open, 150);
    const first = await check(open, cookie, site.origin);
    expect(first.statusCode).toBe(200);
    expect(await balanceAndLedger(open.db, user.id)).toEqual({
      balance: 50,
      ledgerSum: 50,
      slugCheckRows: 1,
    });
    const requestsBefore = site.paths.length;
    const second = await check(open, cookie, site.origin);
    expect(second.statusCode).toBe(402);
    expect(second.json().message).toBe(INSUFFICIENT_BALANCE);
    expect(site.paths.length).toBe(requestsBefore);
    expect(await balanceAndLedger(open.db, user.id)).toEqual({
      balance: 50,
      ledgerSum: 50,
      slugCheckRows: 1,
    });
  });

  it('where the PIX top-up is off (production without PIX_PROVIDER), the short balance points at the support', async () => {
    const live = await createTestApp({ ALLOW_PRIVATE_NETWORK_TARGETS: '1', CLUB_ENV: 'production' });
    try {
      const { cookie } = await member(live, 50);
      const res = await check(live, cookie, site.origin);
      expect(res.statusCode).toBe(402);
      expect(res.json().message).toBe(INSUFFICIENT_BALANCE_NO_TOP_UP);
    } finally {
      await live.close();
    }
  });

  it('parallel debits on R$ 3,00 never overspend, and the ledger equals the balance', async () => {
    const { user } = await member(open, 300);
    const attempts = await Promise.all(
      Array.from({ length: 10 }, () =>
        debitAndCreateScan(open.db, {
          userId: user.id,
          costCents: SLUG_CHECK_COST_CENTS,
          domain: 'loja.exemplo.com.br',
          origin: 'https://loja.exemplo.com.br',
          keep: 20,
          leaseOwner: 'teste',
          leaseMs: 15_000,
        }),
      ),
    );
    expect(attempts.filter(Boolean)).toHaveLength(3);
    expect(await balanceAndLedger(open.db, user.id)).toEqual({ balance: 0, ledgerSum: 0, slugCheckRows: 3 });
  });

  it('parallel scans of one member on R$ 3,00: one at a time (409), never more than 3 paid, ledger = balance', async () => {
    const { user, cookie } = await member(open, 300);
    const statuses: number[] = [];
    for (let round = 0; round < 4; round++) {
      const answers = await Promise.all(Array.from({ length: 4 }, () => check(open, cookie, site.origin)));
      for (const a of answers) {
        statuses.push(a.statusCode);
        if (a.statusCode === 409) expect(a.json().message).toMatch(/em andamento/);
        if (a.statusCode === 402) expect(a.json().message).toMatch(/saldo/i);
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409).length).toBeGreaterThan(0);
    expect(statuses.every((s) => [200, 402, 409].includes(s))).toBe(true);
    expect(await balanceAndLedger(open.db, user.id)).toEqual({ balance: 0, ledgerSum: 0, slugCheckRows: 3 });
  });

  it('charges nothing for a domain that cannot be reached (connection refused, DNS failure)', async () => {
    const { user, cookie } = await member(open, 300);
    const closed = await startSite(realSiteHandler(() => ''));
    const port = closed.port;
    await closed.close();
    const refused = await check(open, cookie, `127.0.0.1:${port}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      `Não foi possível conectar a 127.0.0.1:${port} (https e http): conexão recusada ou interrompida. Nada foi cobrado.`,
    );
    const lookup = ((_h: string, _o: unknown, callback: (e: NodeJS.ErrnoException) => void) =>
      callback(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }))) as never;
    await expect(
      prepareSlugCheck(
        { db: open.db, config: open.config, jobs: open.app.jobs, workers: open.app.workers, lookup },
        user.id,
        {
          domain: 'nao-existe.exemplo.com.br',
        },
      ),
    ).rejects.toThrow(/Domínio não encontrado/);
    expect(await balanceAndLedger(open.db, user.id)).toEqual({
      balance: 300,
      ledgerSum: 300,
      slugCheckRows: 0,
    });
  });

  it('gives the verification back when the scan fails on our side', async () => {
    const { user } = await member(open, 300);
    const deps = { db: open.db, config: open.config, jobs: open.app.jobs, workers: open.app.workers };
    const scan = await prepareSlugCheck(deps, user.id, { domain: site.origin });
    expect((await balanceAndLedger(open.db, user.id)).balance).toBe(200);
    await expect(
      runSlugCheck(deps, scan, {
        onResult() {
          throw new Error('falha interna simulada');
        },
      }),
    ).rejects.toThrow('falha interna simulada');
    expect(await balanceAndLedger(open.db, user.id)).toEqual({
      balance: 300,
      ledgerSum: 300,
      slugCheckRows: 2,
    });
    const [row] = await open.db.select().from(slugScans).where(eq(slugScans.id, scan.scanId));
    expect(row?.status).toBe('failed');
  });
});

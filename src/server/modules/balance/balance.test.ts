import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntry, LedgerPage } from '../../../shared/schemas/pix';
import { balanceLedger } from '../../db/schema/index';
import { hashPassword } from '../../lib/crypto';
import { createMember, signIn } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser } from '../users/users.repo';
import { creditBalance } from './balance.repo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ledger = (cookie: string, query = '') =>
  t.request({ method: 'GET', url: `/api/user/ledger${query}`, headers: { cookie } });

/** A debit as the slug checker writes it (conditional UPDATE + ledger row), for the ledger's sake. */
async function debit(userId: string, cents: number, reference: string) {
  await t.db.transaction(async (tx) => {
    const [row] = await tx
      .execute<{ balance_cents: number }>(
        sql`update users set balance_cents = balance_cents - ${cents} where id = ${userId} and balance_cents >= ${cents} returning balance_cents`,
      )
      .then((r) => r.rows);
    if (!row) throw new Error('saldo insuficiente no teste');
    await tx.insert(balanceLedger).values({
      userId,
      amountCents: -cents,
      balanceAfterCents: row.balance_cents,
      reason: 'slug_check',
      reference,
    });
  });
}

describe('GET /api/user/ledger', () => {
  it('refuses anonymous callers', async () => {
    expect((await t.request({ method: 'GET', url: '/api/user/ledger' })).statusCode).toBe(401);
  });

  it('lists every credit and debit newest first with pt-BR reasons, reais and the balance after', async () => {
    const user = await createUser(t.db, {
      name: 'Ana',
      email: `ana-${randomUUID()}@example.com`,
      passwordHash: await hashPassword('senha-de-teste'),
      emailVerified: true,
      trialCreditCents: 300,
    });
    const cookie = await signIn(t.db, user.id);
    await debit(user.id, 100, 'slug_scan:1');
    await t.db.transaction((tx) =>
      creditBalance(tx, {
        userId: user.id,
        amountCents: 100,
        reason: 'slug_check',
        reference: 'estorno slug_scan:1',
      }),
    );
    await t.db.transaction((tx) =>
      creditBalance(tx, {
        userId: user.id,
        amountCents: 123456,
        reason: 'pix_deposit',
        reference: 'pix_charge:x',
      }),
    );
    await debit(user.id, 100, 'slug_scan:2');

    const res = await ledger(cookie);
    expect(res.statusCode).toBe(200);
    const page = res.json() as LedgerPage;
    expect(page.nextCursor).toBeNull();
    expect(page.entries.map((e) => [e.reason, e.kind, e.amount, e.balanceAfter])).toEqual([
      ['Verificação de slugs', 'slug_check', -1, 1236.56],
      ['Recarga PIX', 'pix_deposit', 1234.56, 1237.56],
      ['Estorno da verificação de slugs', 'slug_check_refund', 1, 3],
      ['Verificação de slugs', 'slug_check', -1, 2],
      ['Crédito de boas-vindas', 'trial_credit', 3, 3],
    ]);
    for (const entry of page.entries) expect(Number.isNaN(Date.parse(entry.createdAt))).toBe(false);

    // The ledger equals the balance: the sum of its rows, and the newest row's balance after.
    const balance = (
      await t.request({ method: 'GET', url: '/api/user/balance', headers: { cookie } })
    ).json();
    const sum = page.entries.reduce((total, e) => total + Math.round(e.amount * 100), 0);
    expect(sum).toBe(Math.round(balance.balance * 100));
    expect(page.entries[0]?.balanceAfter).toBe(balance.balance);
  });

  it('pages with limit and cursor, never repeating or skipping a row', async () => {
    const user = await createMember(t.db);
    const cookie = await signIn(t.db, user.id);
    for (let i = 1; i <= 7; i++) {
      await t.db.transaction((tx) =>
        creditBalance(tx, {
          userId: user.id,
          amountCents: i * 100,
          reason: 'pix_deposit',
          reference: `pix_charge:p${i}`,
        }),
      );
    }
    const seen: LedgerEntry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await ledger(cookie, query)).json() as LedgerPage;
      expect(page.entries.length).toBeLessThanOrEqual(3);
      seen.push(...page.entries);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen.map((e) => e.amount)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(new Set(seen.map((e) => e.id)).size).toBe(7);
  });

  it("shows only the member's own rows; another member's cursor gives nothing", async () => {
    const a = await createMember(t.db);
    const b = await createMember(t.db);
    await t.db.transaction((tx) =>
      creditBalance(tx, {
        userId: a.id,
        amountCents: 5000,
        reason: 'pix_deposit',
        reference: 'pix_charge:a',
      }),
    );
    const aPage = (await ledger(await signIn(t.db, a.id))).json() as LedgerPage;
    expect(aPage.entries).toHaveLength(1);
    const bCookie = await signIn(t.db, b.id);
    expect(((await ledger(bCookie)).json() as LedgerPage).entries).toEqual([]);
    const bFromA = (await ledger(bCookie, `?cursor=${aPage.entries[0]?.id}`)).json() as LedgerPage;
    expect(bFromA).toEqual({ entries: [], nextCursor: null });
  });

  it('refuses a bad cursor or limit with 400', async () => {
    const cookie = await signIn(t.db, (await createMember(t.db)).id);
    const bad = await ledger(cookie, '?cursor=nao-e-um-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Cursor inválido.');
    expect((await ledger(cookie, '?limit=0')).statusCode).toBe(400);
    expect((await ledger(cookie, '?limit=51')).statusCode).toBe(400);
    expect((await ledger(cookie, '?limit=abc')).statusCode).toBe(400);
  });

  it('creditBalance refuses a non-positive or fractional amount', async () => {
    const user = await createMember(t.db);
    for (const amountCents of [0, -1, 1.5]) {
      await expect(
        t.db.transaction((tx) =>
          creditBalance(tx, { userId: user.id, amountCents, reason: 'adjustment', reference: 'x' }),
        ),
      ).rejects.toThrow();
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceLedger, slugScans } from '../../db/schema/index';
import { createMember } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { creditBalance } from '../balance/balance.repo';
import { debitAndCreateScan, readBalanceCents, refundScan } from './slug-checker.repo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('refundScan (a verification that failed on our side)', () => {
  it('gives the cost back with its ledger row, marks the scan failed, and the ledger still equals the balance', async () => {
    const member = await createMember(t.db);
    await creditBalance(t.db, {
      userId: member.id,
      amountCents: 300,
      reason: 'pix_deposit',
      reference: 'teste',
    });
    const scan = await debitAndCreateScan(t.db, {
      userId: member.id,
      costCents: 100,
      domain: 'exemplo.com.br',
      origin: 'https://exemplo.com.br',
      keep: 20,
      leaseOwner: 'teste',
      leaseMs: 15_000,
    });
    expect(scan?.balanceAfterCents).toBe(200);
    expect(await refundScan(t.db, scan!.scanId, 'failed')).toBe(true);
    // Once: a second refund (a sweeper racing) finds the scan no longer running.
    expect(await refundScan(t.db, scan!.scanId, 'interrupted')).toBe(false);

    expect(await readBalanceCents(t.db, member.id)).toBe(300);
    const rows = await t.db.select().from(balanceLedger).where(eq(balanceLedger.userId, member.id));
    const refund = rows.find((r) => r.reference === `estorno slug_scan:${scan!.scanId}`);
    expect(refund).toMatchObject({ amountCents: 100, balanceAfterCents: 300, reason: 'slug_check' });
    expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(300);
    const [row] = await t.db.select().from(slugScans).where(eq(slugScans.id, scan!.scanId));
    expect(row?.status).toBe('failed');
    expect(row?.finishedAt).toBeInstanceOf(Date);
  });
});

import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { balanceLedger, users } from './users';

/**
 * PIX top-up charges (issue #7). `txId` is ours: the BR Code's txid (field 62/05) in sandbox, the correlationID
 * at Woovi. A charge is credited once: the crediting transaction moves it from 'pending' to 'paid' with a
 * conditional UPDATE and links the one ledger row it wrote (`ledgerEntryId`, unique); the ledger also refuses a
 * second 'pix_deposit' row with the same reference (migration 0006).
 */
export const pixCharges = pgTable(
  'pix_charges',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text({ enum: ['sandbox', 'woovi'] }).notNull(),
    txId: text().notNull(),
    /** The provider's own id of the charge (Woovi's transactionID); null in sandbox. */
    providerChargeId: text(),
    amountCents: integer().notNull(),
    name: text().notNull(),
    /** CPF, digits only. */
    document: text().notNull(),
    email: text().notNull(),
    brCode: text().notNull(),
    status: text({ enum: ['pending', 'paid', 'expired'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    ledgerEntryId: uuid().references(() => balanceLedger.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('pix_charges_tx_id_unique').on(t.txId),
    uniqueIndex('pix_charges_provider_charge_id_unique').on(t.provider, t.providerChargeId),
    uniqueIndex('pix_charges_ledger_entry_unique').on(t.ledgerEntryId),
    index('pix_charges_user_created_idx').on(t.userId, t.createdAt),
    check('pix_charges_status_check', sql`${t.status} in ('pending', 'paid', 'expired')`),
    check('pix_charges_provider_check', sql`${t.provider} in ('sandbox', 'woovi')`),
    check('pix_charges_amount_positive', sql`${t.amountCents} > 0`),
    check('pix_charges_paid_has_paid_at', sql`${t.status} <> 'paid' or ${t.paidAt} is not null`),
  ],
);

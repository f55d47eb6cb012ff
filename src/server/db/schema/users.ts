import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** Always stored lower-cased: e-mails compare case-insensitively. */
    email: text().notNull(),
    passwordHash: text().notNull(),
    balanceCents: integer().notNull().default(0),
    points: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp({ withTimezone: true }),
    planType: text().notNull().default('Mentoria Mensal'),
    uniqueId: text().notNull(),
    status: text({ enum: ['Ativo', 'Cancelado'] })
      .notNull()
      .default('Ativo'),
    statusChangedAt: timestamp({ withTimezone: true }),
    emailVerified: boolean().notNull().default(false),
    /**
     * The password is still the one the app generated at the first start (the administrator's, kept in
     * DATA_DIR/admin-password.txt): cleared by any change of the password, so every instance knows.
     */
    passwordGenerated: boolean().notNull().default(false),
    role: text({ enum: ['member', 'admin'] })
      .notNull()
      .default('member'),
    /** Name and e-mail lower-cased, for the admin's search (a plain LIKE on it is byte-wise fast; ILIKE is not). */
    searchText: text().generatedAlwaysAs(sql`lower(name || ' ' || email)`),
    /** The plan as the app shows it: 'semestral', 'gratuito', else 'mensal' (the spec's default). */
    planKind: text().generatedAlwaysAs(
      sql`case when lower(plan_type) like '%semestral%' then 'semestral' when lower(plan_type) like '%gratuito%' then 'gratuito' else 'mensal' end`,
    ),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_unique_id_unique').on(t.uniqueId),
    index('users_created_at_idx').on(t.createdAt),
    // The admin's search by name or e-mail ('%...%' on the lower-cased text) at tens of thousands of members.
    index('users_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('users_plan_kind_idx').on(t.planKind, t.createdAt),
    // The active-time filter: whole days since the status changed (or sign-up), cancelled members left out.
    index('users_active_since_idx')
      .on(sql`coalesce(${t.statusChangedAt}, ${t.createdAt})`)
      .where(sql`${t.status} <> 'Cancelado'`),
    check('users_status_check', sql`${t.status} in ('Ativo', 'Cancelado')`),
    check('users_role_check', sql`${t.role} in ('member', 'admin')`),
    check('users_balance_non_negative', sql`${t.balanceCents} >= 0`),
    check('users_unique_id_format', sql`${t.uniqueId} ~ '^[0-9]{6}$'`),
  ],
);

/** Append-only: every change of users.balance_cents is one row here, written in the same transaction. */
export const balanceLedger = pgTable(
  'balance_ledger',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer().notNull(),
    balanceAfterCents: integer().notNull(),
    reason: text({ enum: ['trial_credit', 'pix_deposit', 'slug_check', 'adjustment'] }).notNull(),
    reference: text(),
    /**
     * A credit no payment stands behind: a PIX top-up confirmed by the sandbox while the club ran in production
     * (an explicit PIX_PROVIDER=sandbox). Kept on the row, so it stays true whatever the configuration becomes.
     */
    simulated: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('balance_ledger_user_idx').on(t.userId, t.createdAt),
    // A PIX charge is credited once: one 'pix_deposit' row per reference ('pix_charge:<id>').
    uniqueIndex('balance_ledger_pix_reference_unique')
      .on(t.reference)
      .where(sql`${t.reason} = 'pix_deposit'`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's random token; the token itself is never stored. */
    sid: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expire: timestamp({ withTimezone: true }).notNull(),
    userAgent: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expire_idx').on(t.expire)],
);

export const userProfiles = pgTable(
  'user_profiles',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instagram: text(),
    avatar: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_profiles_user_unique').on(t.userId),
    check('user_profiles_instagram_length', sql`char_length(${t.instagram}) <= 100`),
  ],
);

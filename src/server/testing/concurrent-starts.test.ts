import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureAdmin } from '../bootstrap';
import { createDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { migrationsFolder } from '../lib/paths';
import { createStorage } from '../lib/storage/storage';
import { seedDemoContent } from '../seed/demo';
import { testConfig } from './test-app';

/**
 * Instances that start together on one database (issue #24): migrations, the administrator's bootstrap and the demo
 * seed take turns, so every start comes up, on an empty, a half-migrated and a migrated database.
 */
const STARTS = 3;
const ROUNDS = 5;
const base = () => inject('pgBaseUrl');
let dir: string;
let halfFolder: string;
let journalSize = 0;
const created: string[] = [];

async function sql(text: string, url = base()) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

async function emptyDatabase(): Promise<string> {
  const name = `starts_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`;
  await sql(`create database ${name}`);
  created.push(name);
  const url = new URL(base());
  url.pathname = `/${name}`;
  return url.toString();
}

/** One instance's start, as main.ts does it: migrations, the administrator, and the demo seed when asked. */
async function start(url: string, seed: boolean) {
  await runMigrations(url);
  const config = testConfig(url, path.join(dir, `data-${Math.random().toString(36).slice(2)}`), {
    SEED_DEMO: seed ? '1' : '0',
    ADMIN_PASSWORD: 'senha-do-admin-1',
  });
  const database = createDatabase(url, { max: 4 });
  try {
    await ensureAdmin(database.db, config);
    if (seed) await seedDemoContent(database.db, config, createStorage(config));
  } finally {
    await database.close();
  }
}

async function expectOneClub(url: string) {
  const migrations = await sql('select count(*)::int as n from drizzle.__drizzle_migrations', url);
  expect(migrations.rows[0].n).toBe(journalSize);
  const admins = await sql(`select count(*)::int as n from users where role = 'admin'`, url);
  expect(admins.rows[0].n).toBe(1);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ce-starts-'));
  // A copy of the migrations that stops two short of the last: a database an older version left behind.
  halfFolder = path.join(dir, 'half');
  await cp(migrationsFolder, halfFolder, { recursive: true });
  const journalFile = path.join(halfFolder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: unknown[] };
  journalSize = journal.entries.length;
  journal.entries = journal.entries.slice(0, -2);
  await writeFile(journalFile, JSON.stringify(journal));
});
afterAll(async () => {
  for (const name of created) await sql(`drop database if exists ${name} with (force)`).catch(() => {});
  await rm(dir, { recursive: true, force: true });
});

describe(`${STARTS} instances starting together`, () => {
  it(`all come up on an empty database (${ROUNDS} times)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const url = await emptyDatabase();
      await Promise.all(Array.from({ length: STARTS }, () => start(url, false)));
      await expectOneClub(url);
    }
  });

  it(`all come up on a half-migrated database (${ROUNDS} times)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const url = await emptyDatabase();
      await runMigrations(url, halfFolder);
      const before = await sql('select count(*)::int as n from drizzle.__drizzle_migrations', url);
      expect(before.rows[0].n).toBe(journalSize - 2);
      await Promise.all(Array.from({ length: STARTS }, () => start(url, false)));
      await expectOneClub(url);
    }
  });

  it(`all come up on a migrated database (${ROUNDS} times)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const url = await emptyDatabase();
      await start(url, false);
      await Promise.all(Array.from({ length: STARTS }, () => start(url, false)));
      await expectOneClub(url);
    }
  });

  it('seed the demo content once', async () => {
    const url = await emptyDatabase();
    await Promise.all(Array.from({ length: STARTS }, () => start(url, true)));
    await expectOneClub(url);
    const welcome = await sql(
      `select count(*)::int as n from notifications where title = 'Bem-vindo ao Clube Escala!'`,
      url,
    );
    expect(welcome.rows[0].n).toBe(1);
    const calls = await sql('select count(*)::int as n from live_calls', url);
    expect(calls.rows[0].n).toBe(2);
  }, 120_000);
});

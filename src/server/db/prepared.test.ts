import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-app';
import { createDatabase, type Database } from './client';
import { prepared, setNamedStatements } from './prepared';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  database = createDatabase(created.url, { max: 1 });
});
afterAll(async () => {
  setNamedStatements(true);
  await database.close();
  await drop();
});

const statementsOnTheConnection = async () =>
  (await database.pool.query<{ name: string }>('select name from pg_prepared_statements')).rows.map(
    (r) => r.name,
  );

describe('prepared', () => {
  it('builds a query once per handle and name, as a named statement by default', async () => {
    let built = 0;
    const build = (name: string) => {
      built++;
      return database.db.select({ one: sql<number>`1` }).from(sql`(select 1) as x`).prepare(name);
    };
    await prepared(database.db, 'teste_nomeado', build).execute();
    await prepared(database.db, 'teste_nomeado', build).execute();
    expect(built).toBe(1);
    expect(await statementsOnTheConnection()).toContain('teste_nomeado');
  });

  it('through a transaction pooler, unnamed: nothing stays prepared on the connection', async () => {
    setNamedStatements(false);
    const other = createDatabase(database.pool.options.connectionString as string, { max: 1 });
    try {
      const query = prepared(other.db, 'teste_sem_nome', (name) =>
        other.db.select({ one: sql<number>`1` }).from(sql`(select 1) as x`).prepare(name),
      );
      expect(await query.execute()).toEqual([{ one: 1 }]);
      const names = (await other.pool.query<{ name: string }>('select name from pg_prepared_statements'))
        .rows;
      expect(names.map((r) => r.name)).not.toContain('teste_sem_nome');
    } finally {
      setNamedStatements(true);
      await other.close();
    }
  });
});

describe('the pool at the server’s connection limit', () => {
  it('waits for a connection instead of failing', async () => {
    const base = new URL(database.pool.options.connectionString as string);
    const role = `limite_${Date.now().toString(36)}`;
    await database.pool.query(`create role ${role} login password 'senha-limite' connection limit 2`);
    await database.pool.query(`grant connect on database "${base.pathname.slice(1)}" to ${role}`);
    const limited = new URL(base);
    limited.username = role;
    limited.password = 'senha-limite';
    // More connections in the pool than the server lets this role open: a burst meets "too many connections".
    const burst = createDatabase(limited.toString(), { max: 6 });
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, () => burst.pool.query('select pg_sleep(0.15), 1 as one')),
      );
      const failed = results.filter((r) => r.status === 'rejected').map((r) => String(r.reason));
      expect(failed).toEqual([]);
    } finally {
      await burst.close();
      await database.pool.query(`drop owned by ${role}`).catch(() => {});
      await database.pool.query(`drop role if exists ${role}`);
    }
  });
});

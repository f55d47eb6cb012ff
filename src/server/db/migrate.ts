import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../lib/paths';

/** Applies pending migrations on one dedicated connection. Throws with a clear message on failure. */
export async function runMigrations(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await migrate(drizzle({ client, casing: 'snake_case' }), { migrationsFolder });
  } catch (error) {
    const reason =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    throw new Error(`Falha ao aplicar as migrações do banco de dados: ${reason}`);
  } finally {
    await client.end();
  }
}

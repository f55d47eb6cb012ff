import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../lib/paths';

/**
 * Applies pending migrations on one dedicated connection, holding a session advisory lock: instances that start
 * together wait for the first one's migrations and then find nothing to apply (Drizzle's migrator reads the last
 * applied migration and runs the rest with no lock of its own). Throws with a clear message on failure.
 */
export async function runMigrations(connectionString: string, folder = migrationsFolder): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('clube_escala_migrations'))`);
    await migrate(drizzle({ client, casing: 'snake_case' }), { migrationsFolder: folder });
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

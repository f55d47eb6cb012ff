import path from 'node:path';
import { buildApp } from './app';
import { ensureAdmin } from './bootstrap';
import { loadConfig } from './config';
import { createDatabase } from './db/client';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded';
import { runMigrations } from './db/migrate';
import { purgeExpiredTokens } from './plugins/session';
import { DEMO_BUYER_EMAIL, seedDemoContent } from './seed/demo';

function fail(message: string): never {
  console.error(`\n[clube-escala] ${message}\n`);
  process.exit(1);
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    fail((error as Error).message);
  }

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.DATABASE_URL;
  let databaseLabel: string;
  if (databaseUrl) {
    const u = new URL(databaseUrl);
    databaseLabel = `PostgreSQL externo em ${u.hostname}:${u.port || 5432}${u.pathname}`;
  } else {
    const dir = path.join(config.DATA_DIR, 'postgres');
    console.log(`[clube-escala] iniciando o PostgreSQL embutido em ${dir} ...`);
    try {
      embedded = await startEmbeddedPostgres({ dir });
    } catch (error) {
      fail(`Não foi possível iniciar o PostgreSQL embutido: ${(error as Error)?.message ?? error}`);
    }
    databaseUrl = embedded.url;
    databaseLabel = `PostgreSQL embutido (dados em ${dir}, porta ${embedded.port})`;
  }

  const stopEmbedded = async () => {
    if (embedded) await embedded.stop().catch(() => {});
    embedded = undefined;
  };

  try {
    await runMigrations(databaseUrl);
  } catch (error) {
    await stopEmbedded();
    fail(`${(error as Error).message}\nO servidor não foi iniciado.`);
  }

  const database = createDatabase(databaseUrl);
  const app = await buildApp({
    config,
    database,
    logger: { level: config.LOG_LEVEL, transport: undefined },
  });

  const admin = await ensureAdmin(database.db, config);
  if (config.SEED_DEMO) await seedDemoContent(database.db, config, app.storage);
  const purge = setInterval(() => void purgeExpiredTokens(database.db).catch(() => {}), 60 * 60 * 1000);
  purge.unref();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n[clube-escala] ${signal} recebido: encerrando ...`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    clearInterval(purge);
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    await stopEmbedded();
    console.log('[clube-escala] encerrado.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await database.close().catch(() => {});
    await stopEmbedded();
    fail(`Não foi possível abrir a porta ${config.PORT}: ${(error as Error).message}`);
  }

  const lines = [
    '',
    '  Clube Escala está no ar',
    `  URL:            ${config.APP_URL}`,
    `  Administrador:  ${config.ADMIN_EMAIL}`,
  ];
  if (admin.generatedPassword) {
    lines.push(`  Senha gerada:   ${admin.generatedPassword}   (mostrada só agora; guarde-a)`);
  }
  if (config.SEED_DEMO) {
    lines.push(
      `  Demonstração:   ${DEMO_BUYER_EMAIL} tem compra confirmada: cadastre-se com ele em /register`,
    );
  }
  lines.push(
    `  Banco de dados: ${databaseLabel}`,
    `  E-mails:        ${app.mailer.destination}`,
    '  Ctrl-C encerra.',
    '',
  );
  console.log(lines.join('\n'));
}

void main();

import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ensureAdmin } from './bootstrap';
import { type AppConfig, loadConfig } from './config';
import { createDatabase, type Database, describeDatabaseUrl, waitForDatabase } from './db/client';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded';
import { runMigrations } from './db/migrate';
import { purgeExpiredTokens } from './plugins/session';
import { DEMO_BUYER_EMAIL, seedDemoContent } from './seed/demo';

const say = (message: string) => console.log(`[clube-escala] ${message}`);

/**
 * The server process: one tree that stops as a whole. SIGINT, SIGTERM or SIGHUP (or the death of the process
 * that started it: `npm start`'s npm or scripts/start.mjs) stop accepting, let in-flight requests finish for
 * SHUTDOWN_TIMEOUT_SECONDS, close the pool, then stop the embedded PostgreSQL, and exit 0 with "encerrado.".
 */
const state: {
  config?: AppConfig;
  app?: FastifyInstance;
  database?: Database;
  embedded?: EmbeddedDatabase;
  timers: NodeJS.Timeout[];
  stopping: boolean;
} = { timers: [], stopping: false };

function logWarn(message: string) {
  if (state.app) state.app.log.warn(message);
  else console.warn(`[clube-escala] ${message}`);
}
function logError(message: string) {
  if (state.app) state.app.log.error(message);
  else console.error(`[clube-escala] ${message}`);
}

async function shutdown(reason: string, exitCode = 0): Promise<void> {
  if (state.stopping) return;
  state.stopping = true;
  const graceSeconds = state.config?.SHUTDOWN_TIMEOUT_SECONDS ?? 10;
  say(`${reason}: encerrando (até ${graceSeconds} s para as requisições em andamento) ...`);
  const force = setTimeout(
    () => {
      console.error('[clube-escala] o encerramento demorou demais: saindo à força.');
      process.exit(1);
    },
    (graceSeconds + 30) * 1000,
  );
  force.unref();
  for (const timer of state.timers) clearInterval(timer);

  const { app } = state;
  if (app) {
    // Stops accepting; requests already received finish (new ones on open connections get 503).
    const cut = setTimeout(() => {
      logWarn(`requisições ainda em andamento após ${graceSeconds} s: conexões encerradas.`);
      app.server.closeAllConnections();
    }, graceSeconds * 1000);
    await app
      .close()
      .catch((error) => logError(`erro ao fechar o servidor HTTP: ${(error as Error).message}`));
    clearTimeout(cut);
  }
  await state.database?.close().catch(() => {});
  if (state.embedded) {
    say('parando o PostgreSQL embutido ...');
    await state.embedded
      .stop()
      .catch((error) => logError(`erro ao parar o PostgreSQL: ${(error as Error).message}`));
  }
  say('encerrado.');
  process.exit(exitCode);
}

function fail(message: string): never {
  console.error(`\n[clube-escala] ${message}\n`);
  void (async () => {
    state.stopping = true;
    await state.database?.close().catch(() => {});
    await state.embedded?.stop().catch(() => {});
    process.exit(1);
  })();
  throw new Error(message);
}

function installProcessHandlers() {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => void shutdown(`${signal} recebido`));
  }
  // `npm start` runs npm -> scripts/start.mjs -> this server. If the process that started us dies (npm killed,
  // start.mjs killed outright), we are orphaned: stop as if signalled, instead of serving on forever.
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid !== parent) void shutdown('o processo que iniciou o servidor terminou');
  }, 500);
  watch.unref();
  state.timers.push(watch);
  process.on('uncaughtException', (error) => {
    logError(`erro não tratado: ${error.stack ?? error.message}`);
    void shutdown('erro não tratado', 1);
  });
  process.on('unhandledRejection', (reason) => {
    logError(`promessa rejeitada sem tratamento: ${reason instanceof Error ? reason.stack : String(reason)}`);
    void shutdown('erro não tratado', 1);
  });
}

async function openDatabase(config: AppConfig): Promise<{ url: string; label: string }> {
  if (config.DATABASE_URL) {
    say(`conectando ao PostgreSQL externo em ${describeDatabaseUrl(config.DATABASE_URL)} ...`);
    await waitForDatabase(config.DATABASE_URL, config.DATABASE_WAIT_SECONDS);
    return {
      url: config.DATABASE_URL,
      label: `PostgreSQL externo em ${describeDatabaseUrl(config.DATABASE_URL)}`,
    };
  }
  const dir = path.join(config.DATA_DIR, 'postgres');
  say(`iniciando o PostgreSQL embutido em ${dir} ...`);
  try {
    state.embedded = await startEmbeddedPostgres({
      dir,
      events: {
        warn: logWarn,
        down: logError,
        up: (message) => (state.app ? state.app.log.info(message) : say(message)),
        giveUp: (error) => {
          logError(error.message);
          void shutdown('PostgreSQL embutido indisponível', 1);
        },
      },
    });
  } catch (error) {
    throw new Error(`Não foi possível iniciar o PostgreSQL embutido: ${(error as Error)?.message ?? error}`);
  }
  return {
    url: state.embedded.url,
    label: `PostgreSQL embutido (dados em ${dir}, log em ${state.embedded.logFile}, porta ${state.embedded.port})`,
  };
}

async function main() {
  installProcessHandlers();
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    fail((error as Error).message);
  }
  state.config = config;

  let database: { url: string; label: string };
  try {
    database = await openDatabase(config);
  } catch (error) {
    fail((error as Error).message);
  }
  if (state.stopping) return;

  try {
    await runMigrations(database.url);
  } catch (error) {
    fail(`${(error as Error).message}\nO servidor não foi iniciado.`);
  }

  state.database = createDatabase(database.url, { max: config.DATABASE_POOL_MAX });
  const app = await buildApp({
    config,
    database: state.database,
    logger: { level: config.LOG_LEVEL, transport: undefined },
  });
  state.app = app;

  const admin = await ensureAdmin(state.database.db, config);
  if (config.SEED_DEMO) await seedDemoContent(state.database.db, config, app.storage);
  const purge = setInterval(
    () => void purgeExpiredTokens(state.database!.db).catch(() => {}),
    60 * 60 * 1000,
  );
  purge.unref();
  state.timers.push(purge);
  if (state.stopping) return;

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
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
    `  Banco de dados: ${database.label}`,
    `  E-mails:        ${app.mailer.destination}`,
    '  Ctrl-C encerra.',
    '',
  );
  console.log(lines.join('\n'));
}

main().catch((error) => {
  if (!state.stopping) {
    console.error(`\n[clube-escala] Falha ao iniciar: ${(error as Error)?.stack ?? error}\n`);
    void shutdown('falha ao iniciar', 1);
  }
});

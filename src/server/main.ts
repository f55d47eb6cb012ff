import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { formatBRL } from '../shared/number-format';
import { buildApp } from './app';
import { type AdminBootstrap, ensureAdmin } from './bootstrap';
import { type AppConfig, loadConfig } from './config';
import { createDatabase, type Database, describeDatabaseUrl, waitForDatabase } from './db/client';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded';
import { runMigrations } from './db/migrate';
import { upgradeClusterIfNeeded } from './db/upgrade-cluster';
import { describeError } from './lib/describe-error';
import { runtimeWarnings } from './lib/runtime-warnings';
import { forcedExitSeconds } from './lib/shutdown-deadline';
import { startMetricsWarmup } from './modules/admin/admin-metrics.service';
import { purgeExpiredTokens } from './modules/auth/sessions.repo';
import { startBackupSchedule } from './modules/backup/backup.service';
import { startCallReminderSchedule } from './modules/live-calls/call-reminders';
import { listenMetricsPort } from './modules/monitoring/monitoring.service';
import { startNotificationDelivery } from './modules/notifications/delivery';
import { createDigestMailer, startDigestSchedule } from './modules/notifications/digest';
import { startScalingAlertSweep } from './modules/offers/offer-alerts.service';
import { measureReadinessFacts } from './modules/readiness/backup-disk';
import { configReadiness } from './modules/readiness/readiness-config';
import { drainSteps } from './plugins/lifecycle';
import { createProcessLogger, errorForLog } from './plugins/request-log';
import { DEMO_BUYER_EMAIL, seedDemoContent } from './seed/demo';

/**
 * Everything this process prints is a JSON log line (pino, the app's serializers), from before the configuration is
 * read until "encerrado.": the level comes from LOG_LEVEL, read again once the configuration is valid.
 */
const log = createProcessLogger(process.env.LOG_LEVEL);
const say = (message: string) => log.info(message);

/**
 * The server process: one tree that stops as a whole. SIGINT, SIGTERM or SIGHUP (or the death of the process
 * that started it: `npm start`'s npm or scripts/start.mjs) stop accepting, let in-flight requests finish for
 * SHUTDOWN_TIMEOUT_SECONDS, close the pool, then stop the embedded PostgreSQL, and exit 0 with "encerrado.". On SIGTERM
 * running scans and clones first get JOB_SHUTDOWN_SECONDS (during the drain); the ones left end interrupted and
 * refunded.
 */
const state: {
  config?: AppConfig;
  app?: FastifyInstance;
  database?: Database;
  embedded?: EmbeddedDatabase;
  /** METRICS_PORT's server on 127.0.0.1, closed with the app. */
  metricsPort?: { close(): Promise<void> };
  timers: NodeJS.Timeout[];
  /** What runs on a schedule in this instance (backups, the e-mail outbox...): stopped before the pool closes. */
  schedules: { stop(): void | Promise<void> }[];
  stopping: boolean;
} = { timers: [], schedules: [], stopping: false };

const logWarn = (message: string) => log.warn(message);
const logError = (message: string) => log.error(message);

/** Stops the process; `drain` (SIGTERM: a balancer's or an orchestrator's stop) first serves on while unready. */
async function shutdown(reason: string, exitCode = 0, drain = false): Promise<void> {
  if (state.stopping) return;
  state.stopping = true;
  const graceSeconds = state.config?.SHUTDOWN_TIMEOUT_SECONDS ?? 10;
  say(`${reason}: encerrando (até ${graceSeconds} s para as requisições em andamento) ...`);
  const force = setTimeout(() => {
    log.error('o encerramento demorou demais: saindo à força.');
    process.exit(1);
  }, forcedExitSeconds(state.config, drain) * 1000);
  force.unref();
  for (const timer of state.timers) clearInterval(timer);
  const schedulesStopped = Promise.all(state.schedules.map((schedule) => schedule.stop()));

  const { app } = state;
  const drainSeconds = drain ? (state.config?.SHUTDOWN_DRAIN_SECONDS ?? 0) : 0;
  // Long jobs (scans, clones): none new from now on (503); on SIGTERM the running ones get JOB_SHUTDOWN_SECONDS to
  // finish, meanwhile the drain runs; the rest end 'interrupted' and refunded (at once on SIGINT: app.close()).
  app?.jobs.stopAccepting();
  const jobsSeconds = drain ? (state.config?.JOB_SHUTDOWN_SECONDS ?? 0) : 0;
  let jobs: Promise<void> = Promise.resolve();
  if (app && jobsSeconds > 0 && app.jobs.size > 0) {
    say(`${app.jobs.size} tarefa(s) longa(s) em andamento: até ${jobsSeconds} s para terminarem ...`);
    jobs = app.jobs
      .drain(jobsSeconds * 1000)
      .then(({ finished, interrupted }) =>
        say(`tarefas longas: ${finished} terminada(s), ${interrupted} interrompida(s) e estornada(s).`),
      );
  }
  if (app && drainSeconds > 0) {
    // Readiness turns 503 while this instance still runs every request (each answer closing its connection):
    // balancers with active checks move away, and the balancer's idle connections reach its own idle timeout.
    app.lifecycle.stage = 'draining';
    const { servingMs, refusingMs } = drainSteps(drainSeconds);
    say(
      `prontidão em 503: atendendo por mais ${drainSeconds} s enquanto o balanceador deixa esta instância ...`,
    );
    await new Promise((resolve) => setTimeout(resolve, servingMs));
    // Then what a balancer sends elsewhere on a 503 is refused before it runs (how nginx takes the instance out);
    // POST and PATCH still run until the port closes. Long jobs still finishing keep it in this stage.
    app.lifecycle.stage = 'refusing';
    say('recusando com 503, antes de rodar, os pedidos que o balanceador reenvia a outra instância ...');
    await new Promise((resolve) => setTimeout(resolve, refusingMs));
  }
  await jobs;
  await state.metricsPort?.close().catch(() => {});
  if (app) {
    app.lifecycle.stage = 'closing';
    // Stops accepting and closes the idle connections (by now the balancer holds none: see plugins/lifecycle.ts);
    // requests already received finish, one that races the close is refused with 503 before it runs.
    const cut = setTimeout(() => {
      logWarn(`requisições ainda em andamento após ${graceSeconds} s: conexões encerradas.`);
      app.server.closeAllConnections();
    }, graceSeconds * 1000);
    await app
      .close()
      .catch((error) => logError(`erro ao fechar o servidor HTTP: ${(error as Error).message}`));
    clearTimeout(cut);
  }
  await schedulesStopped.catch(() => {});
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
  log.error(message);
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
    process.on(signal, () => void shutdown(`${signal} recebido`, 0, signal === 'SIGTERM'));
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
    log.error({ err: errorForLog(error) }, 'erro não tratado');
    void shutdown('erro não tratado', 1);
  });
  process.on('unhandledRejection', (reason) => {
    log.error({ err: errorForLog(reason) }, 'promessa rejeitada sem tratamento');
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
    // A folder made by another PostgreSQL major (17 before this version) is brought to the installed one first.
    await upgradeClusterIfNeeded({ dir, log: say });
    state.embedded = await startEmbeddedPostgres({
      dir,
      events: {
        warn: logWarn,
        down: logError,
        up: say,
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
  // A Node.js out of maintenance, or the built server started without `npm start`'s flags: one line each.
  const { execArgv, versions, env } = process;
  for (const warning of runtimeWarnings({ nodeVersion: versions.node, execArgv, nodeEnv: env.NODE_ENV })) {
    logWarn(warning);
  }
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    fail((error as Error).message);
  }
  state.config = config;
  log.level = config.LOG_LEVEL;

  let database: { url: string; label: string };
  try {
    database = await openDatabase(config);
  } catch (error) {
    fail((error as Error).message);
  }
  if (state.stopping) return;

  try {
    await runMigrations(config.DATABASE_DIRECT_URL ?? database.url);
  } catch (error) {
    fail(`${(error as Error).message}\nO servidor não foi iniciado.`);
  }

  state.database = createDatabase(database.url, {
    max: config.DATABASE_POOL_MAX,
    directUrl: config.DATABASE_DIRECT_URL,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    slowQueryMs: config.SLOW_QUERY_MS,
    log,
  });
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
  // Followed offers that turn 'Escalando' by the passing of days: one instance sweeps at a time (advisory lock).
  state.timers.push(startScalingAlertSweep(state.database.db, app.log));
  // Automatic backups (BACKUP_EVERY_HOURS): one instance of the cluster makes each (advisory lock + backup_runs).
  state.schedules.push(
    startBackupSchedule({
      config,
      db: state.database.db,
      url: config.DATABASE_DIRECT_URL ?? database.url,
      log: { info: (m) => app.log.info(m), error: (m) => app.log.error(m) },
    }),
    // The e-mails of the bell's notices: every instance sends the outbox, claims keep them off the same rows.
    startNotificationDelivery({
      db: state.database.db,
      mailer: app.mailer,
      config,
      log: app.log,
      counts: app.metrics.deliveries,
      digestMail: createDigestMailer(state.database.db, config.APP_URL),
    }),
    // Monday 09:00 (São Paulo): the instance that takes the week in digest_runs queues the week's digests.
    startDigestSchedule({ db: state.database.db, log: app.log }),
    // The one-hour reminder of each call: claimed by one instance (a conditional UPDATE), told to every member.
    startCallReminderSchedule({ db: state.database.db, log: { error: (m) => app.log.error(m) } }),
    // The owner's dashboard rollups of the last year, up to date before anyone opens it (one instance at a time).
    startMetricsWarmup(state.database.db, { error: (m) => app.log.error(m) }),
  );
  if (state.stopping) return;

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    fail(`Não foi possível abrir a porta ${config.PORT}: ${(error as Error).message}`);
  }
  if (config.METRICS_PORT) {
    try {
      state.metricsPort = await listenMetricsPort(app.metrics, config.METRICS_PORT);
    } catch (error) {
      fail(`Não foi possível abrir a porta de métricas ${config.METRICS_PORT}: ${(error as Error).message}`);
    }
  }

  // The start in one line: where the club answers and what it runs with (never the generated password: its file).
  const banner: Record<string, unknown> = { url: config.APP_URL, admin: config.ADMIN_EMAIL };
  if (admin.passwordFile) {
    banner.adminPasswordFile = admin.passwordFile;
  }
  if (config.SEED_DEMO) {
    banner.demo = `${DEMO_BUYER_EMAIL} tem compra confirmada: cadastre-se com ele em /register`;
  }
  Object.assign(banner, {
    database: database.label,
    mail: app.mailer.destination,
    checkout: config.CHECKOUT_URL ?? `CHECKOUT_URL não definido: leva ao suporte (${config.SUPPORT_URL})`,
    plans: `Mensal ${formatBRL(config.PLAN_MENSAL_PRICE / 100)} e Semestral ${formatBRL(config.PLAN_SEMESTRAL_PRICE / 100)} (PLAN_MENSAL_PRICE, PLAN_SEMESTRAL_PRICE)`,
    metrics: config.METRICS_PORT
      ? `http://127.0.0.1:${config.METRICS_PORT}/metrics (sem token, só nesta máquina)${config.METRICS_TOKEN ? ' e /metrics com METRICS_TOKEN' : ''}`
      : config.METRICS_TOKEN
        ? '/metrics com METRICS_TOKEN (Authorization: Bearer)'
        : 'desligadas (METRICS_TOKEN ou METRICS_PORT)',
  });
  log.info(banner, 'Clube Escala está no ar');
  await logReadiness(app, config, admin);
}

/**
 * The administrator's generated password: where it is (never the password itself). In production, one warning line
 * per setting still at a demo value or missing (the settings' readiness items, as `npm run doctor` lists them).
 */
async function logReadiness(app: FastifyInstance, config: AppConfig, admin: AdminBootstrap) {
  if (admin.passwordFile) {
    app.log.warn(
      { file: admin.passwordFile },
      `a senha gerada do administrador (${config.ADMIN_EMAIL}) está em ${admin.passwordFile}: entre e troque-a em Perfil > Alterar senha`,
    );
  } else if (admin.passwordGenerated) {
    app.log.warn(
      `a senha do administrador (${config.ADMIN_EMAIL}) ainda é a gerada no primeiro início: troque-a em Perfil > Alterar senha`,
    );
  }
  if (!config.PRODUCTION) {
    app.log.info('modo demonstração: npm run doctor lista o que falta para receber membros reais');
    return;
  }
  const facts = await measureReadinessFacts(config).catch(() => ({}));
  for (const item of configReadiness(config, facts)) {
    if (item.state === 'ok') continue;
    app.log.warn(
      { readiness: item.id, state: item.state },
      `pronto para produção? ${item.title}: ${item.detail} ${item.fix ?? ''}`.trim(),
    );
  }
}

main().catch((error) => {
  if (!state.stopping) {
    log.error({ err: errorForLog(error) }, `Falha ao iniciar: ${describeError(error).split('\n')[0]}`);
    void shutdown('falha ao iniciar', 1);
  }
});

import path from 'node:path';
import { type AppConfig, loadConfig } from './config';
import { createDatabase } from './db/client';
import { type CommandDatabase, openCommandDatabase } from './db/command-database';
import { clusterMajor, upgradeClusterIfNeeded } from './db/upgrade-cluster';
import { createStorage } from './lib/storage/storage';
import { issueOwnerResetLink } from './modules/auth/password-reset.service';
import {
  backupFileStore,
  backupTarget,
  errorReason,
  openBackupSource,
  restoreBackup,
  runBackup,
  type VerifiedBackup,
  verifyBackup,
} from './modules/backup/index';

import { previewDemoContentRemoval, removeDemoContent } from './modules/demo-content/demo-content.service';
import { measureReadinessFacts } from './modules/readiness/backup-disk';
import { printDemoCounts, printReadiness } from './modules/readiness/doctor-output';
import { databaseReadiness, sortReadiness } from './modules/readiness/readiness.service';
import { configReadiness } from './modules/readiness/readiness-config';

/**
 * The owner's commands (scripts/cli.mjs runs the bundle): `backup [list]`, `restore FILE|s3://...|NAME [--force]`,
 * `admin reset-password EMAIL`, `db-upgrade`, `doctor`, `demo [remove]`. Same settings as `npm start` (.env under the
 * environment). Progress lines start with
 * [clube-escala]; the result (the backup's path, the link) is the last line on stdout. Exit 1 on any failure, with
 * the reason in Portuguese.
 */
const say = (message: string) => console.log(`[clube-escala] ${message}`);

class UsageError extends Error {}

const USAGE = [
  'Uso:',
  '  npm run backup                               grava um backup em BACKUP_TARGET (ou BACKUP_DIR) e mostra onde',
  '  npm run backup -- list                       lista os backups guardados em BACKUP_TARGET',
  '  npm run restore -- ARQUIVO [--force]         restaura um backup (arquivo, s3://bucket/chave ou nome em BACKUP_TARGET)',
  '                                               numa pasta de dados ou banco vazio',
  '  npm run admin -- reset-password E-MAIL        encerra as sessões da conta e mostra um link (30 min) para nova senha',
  '  npm run db:upgrade                           converte DATA_DIR/postgres para a versão instalada (app parado)',
  '  npm run doctor                               confere se o clube está pronto para membros reais (sai com 1 se falta algo)',
  '  npm run demo                                 mostra o conteúdo de demonstração que a remoção apagaria',
  '  npm run demo -- remove                       apaga o conteúdo de demonstração (e nada de membros reais)',
].join('\n');

async function withDatabase<T>(
  open: Promise<CommandDatabase>,
  work: (handle: CommandDatabase) => Promise<T>,
): Promise<T> {
  const handle = await open;
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

async function backup() {
  const config = loadConfig();
  // The path is printed after the command's database is closed: whatever that prints comes before the last line.
  const location = await withDatabase(openCommandDatabase(config, { say }), async (handle) => {
    say(`banco: ${handle.label}`);
    const database = createDatabase(handle.url, { max: 2 });
    try {
      const result = await runBackup({
        config,
        db: database.db,
        url: handle.url,
        kind: 'manual',
        log: { info: () => {}, error: () => {} },
      });
      say(`backup gravado (${(result.size / 1024 / 1024).toFixed(1)} MB):`);
      return result.location;
    } finally {
      await database.close();
    }
  });
  console.log(location);
}

/** The backups kept in the target, oldest first: name and size, then the target's location. */
async function listBackups() {
  const config = loadConfig();
  for (const kind of ['automatic', 'manual'] as const) {
    const target = backupTarget(config, kind);
    if (kind === 'manual' && target.location === backupTarget(config, 'automatic').location) break;
    const files = await target.list();
    say(`${target.location}: ${files.length} backup${files.length === 1 ? '' : 's'}`);
    for (const f of files) console.log(`${f.name}\t${(f.size / 1024 / 1024).toFixed(1)} MB`);
  }
}

async function restore(args: string[]) {
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  if (files.length !== 1 || files[0]?.startsWith('-')) throw new UsageError('Informe um arquivo de backup.');
  const config = loadConfig();
  // Everything is read and checked (decrypted with BACKUP_PASSPHRASE when encrypted) before the target is opened:
  // a wrong passphrase or a damaged file writes nothing.
  const source = await openBackupSource(config, files[0] as string);
  try {
    say(`conferindo ${source.label} (todas as somas sha256) ...`);
    const backup = await verifyBackup(source.file, {
      passphrase: config.BACKUP_PASSPHRASE,
      label: source.label,
    });
    try {
      await restoreVerified(config, backup, force);
    } finally {
      await backup.cleanup();
    }
  } finally {
    await source.cleanup();
  }
}

async function restoreVerified(config: AppConfig, backup: VerifiedBackup, force: boolean) {
  const { manifest } = backup;
  say(
    `backup de ${manifest.createdAt} (app ${manifest.appVersion}, migração ${manifest.migration.tag}, ` +
      `PostgreSQL ${manifest.postgresVersion}): ${manifest.tables.length} tabelas, ${manifest.files.length} arquivos.`,
  );
  await withDatabase(openCommandDatabase(config, { create: true, say }), async (handle) => {
    if (handle.mode === 'running') {
      throw new Error(
        'O app está rodando nesta pasta de dados: pare-o (Ctrl-C no npm start) antes de restaurar.',
      );
    }
    say(`destino: ${handle.label}`);
    const done = await restoreBackup({
      backup,
      url: handle.url,
      files: backupFileStore(config),
      force,
      say,
    });
    say(`restaurado: ${done.rows} linhas e ${done.files} arquivos. Inicie o app com npm start.`);
  });
}

async function admin(args: string[]) {
  const [action, email, ...rest] = args;
  if (action !== 'reset-password' || !email || rest.length > 0) {
    throw new UsageError('Comando de administração desconhecido.');
  }
  const config = loadConfig();
  await withDatabase(openCommandDatabase(config, { say }), async (handle) => {
    const database = createDatabase(handle.url, { max: 2 });
    try {
      const link = await issueOwnerResetLink(database.db, config, email);
      if (!link) throw new Error(`Nenhuma conta com o e-mail ${email}.`);
      say(
        `sessões de ${email} encerradas. Abra o link abaixo em até 30 minutos (vale uma vez) e defina a nova senha:`,
      );
      console.log(link);
    } finally {
      await database.close();
    }
  });
}

/**
 * Brings DATA_DIR/postgres to the installed PostgreSQL major, as `npm start` does by itself (same settings, same
 * code: db/upgrade-cluster.ts). Run with the app stopped.
 */
async function dbUpgrade() {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    say(
      'DATABASE_URL está definido: o PostgreSQL externo é atualizado por quem o administra; nada a fazer aqui.',
    );
    return;
  }
  const dir = path.join(config.DATA_DIR, 'postgres');
  if (await upgradeClusterIfNeeded({ dir, log: say })) return;
  const major = await clusterMajor(dir);
  say(
    major === undefined
      ? `Não há cluster em ${dir}: nada a atualizar.`
      : `A pasta ${dir} já é do PostgreSQL ${major}: nada a atualizar.`,
  );
}

/**
 * `npm run doctor`: every readiness item (the settings' and the database's), green, yellow or red with its fix; exit 1
 * when something is red. A database that cannot be opened is a red item, the settings are still listed.
 */
async function doctor(): Promise<number> {
  const config = loadConfig();
  const items = configReadiness(config, await measureReadinessFacts(config));
  try {
    // Progress on stderr: stdout is the report.
    const progress = (message: string) => console.error(`[clube-escala] ${message}`);
    await withDatabase(openCommandDatabase(config, { say: progress }), async (handle) => {
      const database = createDatabase(handle.url, { max: 2 });
      try {
        items.push(...(await databaseReadiness(database.db, config)));
      } finally {
        await database.close();
      }
    });
  } catch (error) {
    items.push({
      id: 'database',
      title: 'Banco de dados',
      state: 'fail',
      detail: `Não foi possível ler o banco: ${errorReason(error)}`,
      fix: 'Inicie o app uma vez (npm start) com estas configurações, ou confira DATABASE_URL/DATA_DIR no .env.',
    });
  }
  const sorted = sortReadiness(items);
  printReadiness(sorted, {
    production: config.PRODUCTION,
    color: process.stdout.isTTY === true && !process.env.NO_COLOR,
  });
  return sorted.some((item) => item.state === 'fail') ? 1 : 0;
}

/** `npm run demo`: what removing the demo content would delete; `npm run demo -- remove`: deletes it. */
async function demo(args: string[]) {
  const [action, ...rest] = args;
  if ((action !== undefined && action !== 'remove') || rest.length > 0) {
    throw new UsageError('Comando de demonstração desconhecido.');
  }
  const config = loadConfig();
  await withDatabase(openCommandDatabase(config, { say }), async (handle) => {
    const database = createDatabase(handle.url, { max: 2 });
    try {
      if (action === 'remove') {
        const counts = await removeDemoContent({
          db: database.db,
          storage: createStorage(config),
          log: { warn: (message) => say(message) },
        });
        printDemoCounts(counts, 'removed');
      } else {
        printDemoCounts(await previewDemoContentRemoval(database.db), 'preview');
      }
    } finally {
      await database.close();
    }
  });
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'doctor' && args.length === 0) {
    process.exitCode = await doctor();
    return;
  }
  if (command === 'demo') return demo(args);
  if (command === 'backup' && args.length === 0) return backup();
  if (command === 'backup' && args.length === 1 && args[0] === 'list') return listBackups();
  if (command === 'restore') return restore(args);
  if (command === 'admin') return admin(args);
  if (command === 'db-upgrade' && args.length === 0) return dbUpgrade();
  throw new UsageError(command ? `Comando desconhecido: ${command}.` : 'Informe um comando.');
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    if (error instanceof UsageError) console.error(`${error.message}\n${USAGE}`);
    else console.error(`[clube-escala] ${errorReason(error)}`);
    process.exit(1);
  },
);

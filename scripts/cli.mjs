// `npm run backup`, `npm run restore -- FILE [--force]`, `npm run admin -- reset-password EMAIL`, `npm run db:upgrade`:
// the owner's commands.
// Like scripts/start.mjs, works on a fresh clone after `npm install`: the server bundle (dist/server/cli.js) is built
// when missing or older than the sources, then run with the same settings as `npm start` (.env, DATA_DIR, ...).
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from './newest-mtime.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
// The command's own arguments (a backup file's path) are relative to where the owner typed them.
const cwd = process.cwd();
process.chdir(root);

function run(cmd, args, options) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, options);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
}

const sources = Math.max(
  newestMtime('src/server'),
  newestMtime('src/shared'),
  statSync('package.json').mtimeMs,
);
const bundle = 'dist/server/cli.js';
if (!existsSync(bundle) || statSync(bundle).mtimeMs < sources) {
  // Progress on stderr: the command's last stdout line is its result (a backup's path, a link).
  const built = await run('npm', ['run', '--silent', 'build:server'], { stdio: ['ignore', 2, 2] });
  if (built.code !== 0) process.exit(built.code ?? 1);
}

const args = process.argv.slice(2).map((arg, i) =>
  // restore's FILE: resolved against the folder the command was typed in (an s3:// address stays as it is).
  process.argv[2] === 'restore' && i > 0 && !arg.startsWith('-') && !arg.startsWith('s3://')
    ? path.resolve(cwd, arg)
    : arg,
);
const result = await run(process.execPath, ['--enable-source-maps', bundle, ...args], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
process.exit(result.code ?? 1);

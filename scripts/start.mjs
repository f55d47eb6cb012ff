// `npm start`: builds what is missing or out of date, then runs the server (embedded PostgreSQL by default).
// One process tree that stops as a whole: a signal to npm, to this script or to the server stops everything,
// the server draining its requests before PostgreSQL stops (see src/server/main.ts).
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { newestMtime } from './newest-mtime.mjs';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

// This script's own lines are JSON like the server's (the build's output in between is the build tools').
const log = pino({}, pino.destination({ dest: 1, sync: true }));

// Works from any current folder: everything is relative to the project.
process.chdir(path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));

let child;
let exiting = false;
const forward = (signal) => {
  if (child && child.exitCode === null) child.kill(signal);
  else process.exit(1);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => forward(signal));
// npm may exit on a signal without waiting for us: when our parent is gone, stop the server too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent && !exiting) {
    exiting = true;
    forward('SIGTERM');
  }
}, 500).unref();

function run(cmd, args, options) {
  return new Promise((resolve) => {
    child = spawn(cmd, args, options);
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
}

const sources = Math.max(
  newestMtime('src'),
  statSync('index.html').mtimeMs,
  statSync('package.json').mtimeMs,
);
const built = ['dist/client/index.html', 'dist/server/main.js', 'dist/server/worker.js'].map((f) =>
  existsSync(f) ? statSync(f).mtimeMs : 0,
);
if (Math.min(...built) < sources) {
  log.info('compilando a aplicação (npm run build) ...');
  const result = await run('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.code !== 0) process.exit(result.code ?? 1);
}

const result = await run(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/main.js'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
process.exit(result.code ?? (result.signal ? 1 : 0));

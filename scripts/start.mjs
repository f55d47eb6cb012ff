// `npm start`: builds what is missing or out of date, then runs the server (embedded PostgreSQL by default).
// `npm run serve` (`--no-build`): runs the server already built (`npm run build`), never building: a production install
// whose dev dependencies were pruned. Both start it with the same Node flags (scripts/server-flags.mjs).
// One process tree that stops as a whole: a signal to npm, to this script or to the server stops everything,
// the server draining its requests before PostgreSQL stops (see src/server/main.ts).
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from './newest-mtime.mjs';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

// This script's own lines are JSON like the server's (pino's shape: level, time, pid, msg; the build's output in
// between is the build tools'). No dependency: a pruned production install (`npm run serve`) runs it too.
const line = (level, msg) => `${JSON.stringify({ level, time: Date.now(), pid: process.pid, msg })}\n`;
const log = {
  info: (msg) => process.stdout.write(line(30, msg)),
  error: (msg) => process.stderr.write(line(50, msg)),
};

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

const outputs = ['dist/client/index.html', 'dist/server/main.js', 'dist/server/worker.js'];
if (process.argv.includes('--no-build')) {
  const missing = outputs.filter((f) => !existsSync(f));
  if (missing.length > 0) {
    log.error(`build incompleto (falta ${missing.join(', ')}): rode \`npm run build\` antes.`);
    process.exit(1);
  }
} else if (
  Math.min(...outputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0))) <
  Math.max(newestMtime('src'), statSync('index.html').mtimeMs, statSync('package.json').mtimeMs)
) {
  log.info('compilando a aplicação (npm run build) ...');
  const result = await run('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.code !== 0) process.exit(result.code ?? 1);
}

const result = await run(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/main.js'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
process.exit(result.code ?? (result.signal ? 1 : 0));

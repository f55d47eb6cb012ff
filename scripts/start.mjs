// `npm start`: builds what is missing or out of date, then runs the server (embedded PostgreSQL by default).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const t = entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs;
    if (t > newest) newest = t;
  }
  return newest;
}

const sources = Math.max(
  newestMtime('src'),
  statSync('index.html').mtimeMs,
  statSync('package.json').mtimeMs,
);
const built = ['dist/client/index.html', 'dist/server/main.js'].map((f) =>
  existsSync(f) ? statSync(f).mtimeMs : 0,
);
if (Math.min(...built) < sources) {
  console.log('[clube-escala] compilando a aplicação (npm run build) ...');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
// The server handles SIGINT/SIGTERM itself (stops HTTP, then PostgreSQL); forward them and wait.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

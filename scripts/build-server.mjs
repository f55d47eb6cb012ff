// Bundles the server (src/server/main.ts) into dist/server/main.js, its worker threads' entry (src/server/worker.ts,
// see lib/worker-pool.ts) beside it as dist/server/worker.js, and the owner's commands (src/server/cli.ts: backup,
// restore, admin) as dist/server/cli.js; dependencies stay in node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/server/main.ts', worker: 'src/server/worker.ts', cli: 'src/server/cli.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('servidor compilado em dist/server/main.js (threads: worker.js; comandos: cli.js)');

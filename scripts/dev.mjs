// `npm run dev`: the API with reload (tsx watch) on :3000 and Vite's dev server on :5173 (open this one).
import { spawn } from 'node:child_process';

const env = {
  ...process.env,
  APP_URL: process.env.APP_URL ?? 'http://localhost:5173',
  NODE_ENV: 'development',
};
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const c of children) c.kill(signal);
  });
}
let alive = children.length;
for (const c of children) c.on('exit', () => --alive === 0 && process.exit(0));

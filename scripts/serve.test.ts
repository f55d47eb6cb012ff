import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

/**
 * `npm run serve` (scripts/start.mjs --no-build): the built server with `npm start`'s Node flags, never a build. Run
 * in a folder holding only the scripts (no src/, no build tools: a pruned production install) and a stand-in
 * dist/server/main.js that prints how it was started.
 */
const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ce-serve-'));
  await mkdir(path.join(dir, 'scripts'));
  for (const file of ['start.mjs', 'server-flags.mjs', 'newest-mtime.mjs']) {
    await copyFile(path.join(import.meta.dirname, file), path.join(dir, 'scripts', file));
  }
  await writeFile(path.join(dir, 'package.json'), '{"type":"module"}\n');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const serve = () =>
  run(process.execPath, [path.join(dir, 'scripts/start.mjs'), '--no-build'], {
    cwd: os.tmpdir(),
    env: { PATH: process.env.PATH },
  }).catch((error: { stdout: string; stderr: string; code: number }) => error);

describe('npm run serve', () => {
  it('refuses in Portuguese, exit 1, when the build is missing (and builds nothing)', async () => {
    const result = await serve();
    expect('code' in result && result.code).toBe(1);
    expect(result.stderr).toContain('build incompleto (falta dist/client/index.html');
    expect(result.stderr).toContain('rode `npm run build` antes');
  });

  it("runs the built server with `npm start`'s Node flags and NODE_ENV=production", async () => {
    await mkdir(path.join(dir, 'dist/server'), { recursive: true });
    await mkdir(path.join(dir, 'dist/client'), { recursive: true });
    await writeFile(path.join(dir, 'dist/client/index.html'), '<!doctype html>');
    await writeFile(path.join(dir, 'dist/server/worker.js'), '');
    await writeFile(
      path.join(dir, 'dist/server/main.js'),
      'console.log(JSON.stringify({ execArgv: process.execArgv, nodeEnv: process.env.NODE_ENV, cwd: process.cwd() }));\n',
    );
    const result = await serve();
    expect('code' in result ? result.code : 0).toBe(0);
    const started = JSON.parse(result.stdout.trim());
    expect(started).toEqual({ execArgv: SERVER_NODE_FLAGS, nodeEnv: 'production', cwd: dir });
  });
});

import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../../scripts/server-flags.mjs';
import { projectRoot } from './paths';
import { runtimeWarnings } from './runtime-warnings';

const run = promisify(execFile);

describe('runtimeWarnings', () => {
  const flags = [...SERVER_NODE_FLAGS];

  it('warns once on a Node.js line out of maintenance, and names the maintained ones', () => {
    const warnings = runtimeWarnings({ nodeVersion: '20.19.0', execArgv: flags, nodeEnv: 'production' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('Node.js 20.19.0 está fora de manutenção');
    expect(warnings[0]).toContain('22 e 24');
    for (const nodeVersion of ['22.12.0', '24.22.3', '26.1.0']) {
      expect(runtimeWarnings({ nodeVersion, execArgv: flags, nodeEnv: 'production' })).toEqual([]);
    }
  });

  it("warns when the built server runs without `npm start`'s flags, naming the missing ones", () => {
    const [warning] = runtimeWarnings({
      nodeVersion: '24.22.3',
      execArgv: ['--enable-source-maps'],
      nodeEnv: 'production',
    });
    expect(warning).toContain('--max-semi-space-size=32');
    expect(warning).not.toContain('--enable-source-maps');
    expect(warning).toContain('npm run serve');
    // `npm run dev` (tsx watch, NODE_ENV=development) is no built server.
    expect(runtimeWarnings({ nodeVersion: '24.22.3', execArgv: [], nodeEnv: 'development' })).toEqual([]);
  });
});

describe('the start log', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ce-runtime-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  /** The server's output up to its first stop: an invalid PORT ends it right after the warnings. */
  async function startLog(nodeFlags: string[]): Promise<string> {
    const result = await run(
      process.execPath,
      [...nodeFlags, '--import', 'tsx', path.join(projectRoot, 'src/server/main.ts')],
      {
        cwd: projectRoot,
        env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: 'nenhuma', DATA_DIR: dataDir },
        timeout: 150_000,
      },
    ).catch((error: { stdout: string; stderr: string; code: number }) => error);
    expect('code' in result ? result.code : 0).toBe(1);
    return `${result.stdout}${result.stderr}`;
  }

  // Each start compiles the whole server with tsx: slow on a loaded 2-core machine.
  it('has one line per warning on this machine’s Node.js, none left once the flags are given', {
    timeout: 180_000,
  }, async () => {
    const major = Number.parseInt(process.versions.node, 10);
    const [bare, withFlags] = await Promise.all([startLog([]), startLog([...SERVER_NODE_FLAGS])]);
    expect(bare).toContain('Configuração inválida');
    expect(bare.split('\n').filter((l) => l.includes('fora de manutenção'))).toHaveLength(major < 22 ? 1 : 0);
    expect(bare.split('\n').filter((l) => l.includes('sem as opções do Node'))).toHaveLength(1);
    expect(withFlags).toContain('Configuração inválida');
    expect(withFlags).not.toContain('sem as opções do Node');
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../db/embedded';
import { type AppProcess, jsonLines, startAppProcess } from './app-process';
import { metricValue } from './metrics-text';
import { createTestDatabase } from './test-app';

/**
 * The server process (main.ts as `npm start` runs it, here through tsx) prints JSON log lines only, from its first
 * line to "encerrado.": the start in one line with its fields, and METRICS_PORT served on 127.0.0.1 while it runs.
 */
let drop: () => Promise<void>;
let databaseUrl: string;
let dir: string;
const processes: AppProcess[] = [];

beforeAll(async () => {
  ({ url: databaseUrl, drop } = await createTestDatabase());
  dir = await mkdtemp(path.join(os.tmpdir(), 'ce-process-log-'));
}, 60_000);
afterAll(async () => {
  for (const p of processes) p.proc.kill('SIGKILL');
  await drop?.();
  await rm(dir, { recursive: true, force: true });
});

describe('the server process log', () => {
  it('is JSON lines from start to "encerrado.", with the start in one line; METRICS_PORT on 127.0.0.1 while it runs', async () => {
    const metricsPort = await findFreePort();
    const server = await startAppProcess({
      databaseUrl,
      dataDir: path.join(dir, 'a'),
      env: { LOG_LEVEL: 'info', METRICS_PORT: String(metricsPort) },
    });
    processes.push(server);
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scraped.status).toBe(200);
    expect(metricValue(await scraped.text(), 'clube_db_pool_max_connections')).toBe(40);
    // On the public port without METRICS_TOKEN: 404 JSON.
    const publicPort = await fetch(`${server.baseUrl}/metrics`);
    expect(publicPort.status).toBe(404);
    expect(await publicPort.json()).toEqual({ message: 'Recurso não encontrado.' });
    const answered = await fetch(`${server.baseUrl}/api/health/live`, {
      headers: { 'x-request-id': 'processo-1' },
    });
    expect(answered.headers.get('x-request-id')).toBe('processo-1');

    server.proc.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    const lines = jsonLines(server.output());
    const banner = lines.find((l) => l.msg === 'Clube Escala está no ar');
    expect(banner).toMatchObject({
      level: 30,
      url: server.baseUrl,
      admin: 'admin@clubeescala.test',
      database: expect.stringContaining('PostgreSQL externo'),
      mail: expect.any(String),
      metrics: `http://127.0.0.1:${metricsPort}/metrics (sem token, só nesta máquina)`,
    });
    expect(banner).not.toHaveProperty('generatedPassword');
    expect(lines.map((l) => l.msg)).toContain('requisição concluída');
    expect(lines.find((l) => l.reqId === 'processo-1')).toMatchObject({ path: '/api/health/live' });
    expect(lines.at(-1)?.msg).toBe('encerrado.');
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  });

  it('says why it did not start in a JSON line too, and exits 1', async () => {
    const { spawn } = await import('node:child_process');
    const { projectRoot } = await import('../lib/paths');
    const proc = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'src/server/main.ts')], {
      cwd: projectRoot,
      env: {
        ...process.env,
        DATA_DIR: path.join(dir, 'b'),
        DATABASE_URL: databaseUrl,
        METRICS_TOKEN: 'curto',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout.on('data', (c) => {
      output += c;
    });
    proc.stderr.on('data', (c) => {
      output += c;
    });
    const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
    expect(code).toBe(1);
    const lines = jsonLines(output);
    const error = lines.find((l) => l.level === 50);
    expect(error?.msg).toContain('METRICS_TOKEN: use um token de pelo menos 16 caracteres');
  });
});

import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { findFreePort } from '../db/embedded';
import { projectRoot } from '../lib/paths';

/** The app as its own process (src/server/main.ts through tsx), for the tests that kill or stop an instance. */
export interface AppProcess {
  proc: ChildProcess;
  baseUrl: string;
  /** Everything the process printed so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts main.ts on an existing database (DATABASE_URL: migrations are already there, no demo seed) with quiet logs,
 * and waits until /api/health/ready answers. No build needed: tsx runs the sources.
 */
export async function startAppProcess(options: {
  databaseUrl: string;
  dataDir: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<AppProcess> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'src/server/main.ts')], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      ADMIN_EMAIL: 'admin@clubeescala.test',
      ADMIN_PASSWORD: 'senha-do-admin-1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout?.on('data', (c) => {
    output += c;
  });
  proc.stderr?.on('data', (c) => {
    output += c;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + (options.timeoutMs ?? 45_000);
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`A instância terminou ao iniciar:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health/ready`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`A instância não ficou pronta a tempo:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { proc, baseUrl, output: () => output, exited };
}

/** A line of the server's log (pino): level, time, msg and its fields. */
export type LogLine = { level: number; time: number; msg: string } & Record<string, unknown>;

/**
 * The server's output as log lines: every non-empty line must be a JSON object with a level, a time and a message
 * (the server prints nothing else); throws naming the first line that is not.
 */
export function jsonLines(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      let entry: unknown;
      try {
        entry = JSON.parse(line);
      } catch {
        throw new Error(`linha do servidor fora do formato JSON: ${line.slice(0, 300)}`);
      }
      const e = entry as Partial<LogLine> | null;
      if (!e || typeof e.level !== 'number' || typeof e.time !== 'number' || typeof e.msg !== 'string') {
        throw new Error(`linha do servidor sem level, time e msg: ${line.slice(0, 300)}`);
      }
      return e as LogLine;
    });
}

/** Reads a server-sent event stream as it arrives: every event so far, and a wait for the first that matches. */
export function readEvents(res: Response) {
  const events: Array<{ event: string; data: unknown }> = [];
  const waiters: Array<{ match: (e: { event: string; data: unknown }) => boolean; resolve: () => void }> = [];
  const done = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (name && data) {
            const event = { event: name, data: JSON.parse(data) as unknown };
            events.push(event);
            for (const w of waiters.filter((x) => x.match(event))) w.resolve();
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // The connection was cut (the instance died): what arrived is in `events`.
    }
  })();
  return {
    events,
    /** Resolves when the stream ended (or was cut). */
    done,
    until(match: (e: { event: string; data: unknown }) => boolean, ms: number): Promise<void> {
      if (events.some(match)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`nenhum evento esperado em ${ms} ms`)), ms);
        waiters.push({
          match,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
  };
}

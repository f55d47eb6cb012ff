import { execFile } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { projectRoot } from '../lib/paths';

/**
 * Runs `npm run <command>` as the owner would (scripts/cli.mjs: builds dist/server/cli.js when out of date), with
 * only PATH, HOME and `env` (DATABASE_URL empty unless given): the exit code, stdout and stderr.
 */
export function ownerCommand(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(projectRoot, 'scripts', 'cli.mjs'), ...args],
      {
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATABASE_URL: '', ...env },
        timeout: 240_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A command's result: its last line on stdout. */
export const lastLine = (text: string) => text.trim().split('\n').at(-1) ?? '';

/** A new database with nothing in it (no migrations), on the tests' PostgreSQL, and how to drop it. */
export async function createEmptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = inject('pgBaseUrl');
  const name = `r_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded';

let dir: string | undefined;
let embedded: EmbeddedDatabase | undefined;
afterAll(async () => {
  await embedded?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL log', () => {
  it('is rotated by size while PostgreSQL runs (postgres.log, then .1 .. .keep)', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ce-pg-log-'));
    embedded = await startEmbeddedPostgres({
      dir: path.join(dir, 'postgres'),
      database: 'postgres',
      logRotation: { maxBytes: 2_000, keep: 2 },
    });
    const client = new pg.Client({ connectionString: embedded.url });
    await client.connect();
    try {
      // Each failing statement writes an ERROR and its STATEMENT line to PostgreSQL's stderr.
      for (let i = 0; i < 60; i++) {
        await client.query(`select * from tabela_inexistente_${i}`).catch(() => {});
      }
    } finally {
      await client.end();
    }
    const logFile = embedded.logFile;
    const expected = [path.basename(logFile), `${path.basename(logFile)}.1`, `${path.basename(logFile)}.2`];
    // Read while PostgreSQL may still be writing (and rotating): a listing whose files moved before they were
    // measured is read again.
    const files = async () => {
      const names = (await readdir(dir!)).filter((name) => name.startsWith('postgres.log')).sort();
      try {
        const sizes = await Promise.all(names.map(async (name) => (await stat(path.join(dir!, name))).size));
        return { names, withinLimit: sizes.every((size) => size <= 2_000) };
      } catch {
        return { names: [], withinLimit: false };
      }
    };
    await expect.poll(files, { timeout: 10_000 }).toEqual({ names: expected, withinLimit: true });
    await expect
      .poll(() => readFile(logFile, 'utf8'), { timeout: 10_000 })
      .toContain('tabela_inexistente_59');
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded';
import { runMigrations } from '../db/migrate';

export const TEMPLATE_DB = 'clube_escala_template';

/**
 * Once per test run: a real PostgreSQL (TEST_DATABASE_URL's server, or an embedded one in a temp dir) and a
 * template database with every migration applied. Each test file then clones the template (fast).
 */
export default async function setup(project: TestProject) {
  let baseUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  let dir: string | undefined;
  if (!baseUrl) {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ce-test-pg-'));
    const embedded = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), database: 'postgres' });
    baseUrl = embedded.url;
    stop = embedded.stop;
  }
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();
  const templateUrl = new URL(baseUrl);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  await runMigrations(templateUrl.toString());
  project.provide('pgBaseUrl', baseUrl);
  return async () => {
    await stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgBaseUrl: string;
  }
}

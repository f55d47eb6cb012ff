import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeFeed } from '../lib/change-feed';
import { createTestDatabase } from '../testing/test-app';
import { createDatabase, directConnectionConfig } from './client';
import { prepared, setNamedStatements } from './prepared';

let url: string;
let drop: () => Promise<void>;
/** A port nothing listens on: the "pooler" of DATABASE_URL, so anything that used it would fail. */
let deadUrl: string;
beforeAll(async () => {
  ({ url, drop } = await createTestDatabase());
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const dead = new URL(url);
  dead.hostname = '127.0.0.1';
  dead.port = String(port);
  deadUrl = dead.toString();
});
afterAll(async () => {
  setNamedStatements(true);
  await drop();
});

describe('createDatabase behind a transaction pooler (DATABASE_DIRECT_URL)', () => {
  it('turns named prepared statements off; LISTEN goes to the direct URL, with a connect timeout', async () => {
    setNamedStatements(true);
    const pooled = createDatabase(deadUrl, { max: 1, directUrl: url });
    try {
      expect(prepared(pooled.db, 'nomeado_sem_pooler', (name) => name)).toBe('');
      expect(directConnectionConfig(pooled.db)).toEqual({
        connectionString: url,
        connectionTimeoutMillis: 10_000,
      });
      // DATABASE_URL answers nothing here: the feed works only because it uses the direct URL.
      const feed = new ChangeFeed(directConnectionConfig(pooled.db));
      feed.start();
      try {
        await feed.whenLive();
        expect(feed.live).toBe(true);
      } finally {
        await feed.close();
      }
    } finally {
      setNamedStatements(true);
      await pooled.close();
    }
  });

  it('without it, keeps named statements and uses the pool’s own settings for connections of their own', async () => {
    setNamedStatements(true);
    const direct = createDatabase(url, { max: 1 });
    try {
      expect(prepared(direct.db, 'nomeado_direto', (name) => name)).toBe('nomeado_direto');
      expect(directConnectionConfig(direct.db)).toMatchObject({ connectionString: url });
    } finally {
      await direct.close();
    }
  });
});

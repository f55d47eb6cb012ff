import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/client';
import { createTestDatabase } from '../testing/test-app';
import { getOrCreateServerKey } from './server-keys';

let drop: () => Promise<void>;
let one: Database;
let two: Database;

beforeAll(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  one = createDatabase(created.url, { max: 4 });
  two = createDatabase(created.url, { max: 4 });
});
afterAll(async () => {
  await one.close();
  await two.close();
  await drop();
});

describe('getOrCreateServerKey', () => {
  it('makes a key once: instances asking together all get the first one, and it never changes', async () => {
    let made = 0;
    const create = () => `key-${++made}`;
    const values = await Promise.all(
      Array.from({ length: 10 }, (_, i) => getOrCreateServerKey((i % 2 ? one : two).db, 'signing', create)),
    );
    expect(new Set(values).size).toBe(1);
    expect(made).toBeGreaterThan(1);
    expect(await getOrCreateServerKey(one.db, 'signing', () => 'other')).toBe(values[0]);
    expect(await getOrCreateServerKey(one.db, 'vapid', () => 'v1')).toBe('v1');
  });

  it('refuses a name outside the format', async () => {
    await expect(getOrCreateServerKey(one.db, 'Bad Name', () => 'x')).rejects.toThrow();
  });
});

import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLUG_CHECK_CONCURRENCY } from '../../../shared/schemas/slug-checker';
import { OutboundError } from '../../lib/outbound/outbound-error';
import { createScanClient } from './scan-client';
import { startSite, type TestSite } from './slug-checker.test-support';

const waiting: ServerResponse[] = [];
let site: TestSite;
let bigClosed = false;
beforeAll(async () => {
  site = await startSite((_req, res, path) => {
    if (path === '/together') {
      // Answers only once the whole scan's concurrency waits together.
      waiting.push(res);
      if (waiting.length === SLUG_CHECK_CONCURRENCY) for (const held of waiting.splice(0)) held.end('ok');
      return;
    }
    if (path === '/antigo') {
      res.writeHead(301, { location: 'novo?x=1' });
      return res.end('movido');
    }
    if (path === '/grande') {
      bigClosed = false;
      res.on('close', () => {
        bigClosed = true;
      });
      res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) });
      res.write(Buffer.alloc(8 * 1024, 'a'));
      return;
    }
    res.end('página');
  });
});
afterAll(() => site.close());

describe('createScanClient (the guarded client, redirects reported, bodies cut)', () => {
  it('keeps the scan concurrency in flight and reuses those connections', async () => {
    const client = createScanClient({ allowPrivateNetwork: true, connections: SLUG_CHECK_CONCURRENCY });
    const round = () =>
      Promise.all(
        Array.from({ length: SLUG_CHECK_CONCURRENCY }, () =>
          client.get(new URL(`${site.origin}/together`), { timeoutMs: 3_000, maxBytes: 64 * 1024 }),
        ),
      );
    const before = site.connections();
    for (let i = 0; i < 3; i++) {
      const answers = await round();
      expect(answers.map((a) => `${a.status} ${a.body}`)).toEqual(
        new Array(SLUG_CHECK_CONCURRENCY).fill('200 ok'),
      );
    }
    expect(site.connections() - before).toBe(SLUG_CHECK_CONCURRENCY);
    await client.close();
  });

  it('answers a redirect without following it, and reads at most maxBytes of a body', async () => {
    const client = createScanClient({ allowPrivateNetwork: true, connections: 2 });
    const moved = await client.get(new URL(`${site.origin}/antigo`), { timeoutMs: 3_000, maxBytes: 1024 });
    expect(moved).toEqual({ status: 301, location: `${site.origin}/novo?x=1`, body: Buffer.from('movido') });
    expect(site.paths).not.toContain('/novo?x=1');

    const big = await client.get(new URL(`${site.origin}/grande`), { timeoutMs: 3_000, maxBytes: 1000 });
    expect(big.status).toBe(200);
    expect(big.body.toString()).toBe('a'.repeat(1000));
    await expect.poll(() => bigClosed, { timeout: 2_000 }).toBe(true);
    await client.close();
  });

  it('refuses loopback unless ALLOW_PRIVATE_NETWORK_TARGETS, before connecting', async () => {
    const client = createScanClient({ allowPrivateNetwork: false, connections: 2 });
    const before = site.connections();
    const err = await client
      .get(new URL(`${site.origin}/`), { timeoutMs: 3_000, maxBytes: 1024 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundError);
    expect((err as OutboundError).reason).toBe('blocked-address');
    expect(site.connections()).toBe(before);
    await client.close();
  });
});

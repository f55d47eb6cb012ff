/**
 * A repeat visit to /dashboard on a phone profile, without and with the service worker (issue #27):
 *   npx tsx bench/pwa-repeat-visit-bench.ts [--runs 5] [--rtt 150]   (BENCH_SKIP_BUILD=1 with a current dist/)
 * The built server with its demo content; Chromium at phone width reaches it through a TCP proxy that delays every
 * chunk by half the round trip each way (a phone network's latency, applied to the page and to its service worker
 * alike: Chromium's own throttling does not cover a worker's requests). Per run, a fresh browser profile signs in,
 * visits the dashboard once (and, with the worker, waits for it to control the page and visits again so its cache
 * holds what the dashboard loads), then opens the dashboard in a new tab: the time from navigation to the first
 * offer card on screen, and how many of that visit's requests reached the server.
 */
import { createServer, type Socket, connect as tcpConnect } from 'node:net';
import { chromium } from 'playwright-core';
import { findFreePort } from '../src/server/db/embedded';
import { CHROMIUM_ARGS, resolveChromiumPath } from '../src/server/lib/chromium';
import { buildApp, machineLine, run, startServer } from './bench-kit';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const RUNS = Number(option('runs', '5'));
const RTT = Number(option('rtt', '150'));
const PHONE = { width: 390, height: 844 };
const admin = { email: 'admin@bench.test', password: 'bench-admin-senha' };

/** A TCP proxy to `target` that holds every chunk RTT/2 in each direction (order kept). */
async function latencyProxy(targetPort: number): Promise<{ port: number; close(): void }> {
  const sockets = new Set<Socket>();
  const delayed = (from: Socket, to: Socket) => {
    let chain = Promise.resolve();
    from.on('data', (chunk) => {
      chain = chain.then(
        () =>
          new Promise<void>((resolve) =>
            setTimeout(() => {
              if (!to.destroyed) to.write(chunk);
              resolve();
            }, RTT / 2),
          ),
      );
    });
    from.on('end', () => void chain.then(() => to.end()));
    from.on('error', () => to.destroy());
  };
  const server = createServer((client) => {
    const upstream = tcpConnect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    delayed(client, upstream);
    delayed(upstream, client);
  });
  const port = await findFreePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

run(async (cleanup) => {
  buildApp();
  const server = await startServer('pwa', { SEED_DEMO: '1', ADMIN_EMAIL: admin.email });
  cleanup(server.stop);
  const proxy = await latencyProxy(Number(new URL(server.base).port));
  cleanup(async () => proxy.close());
  // The app's origin stays the server's (APP_URL): the proxy listens on another port of the same host name.
  const base = `http://127.0.0.1:${proxy.port}`;
  const login = await fetch(`${server.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.base },
    body: JSON.stringify(admin),
  });
  const cookie =
    login.headers
      .getSetCookie()
      .find((c) => c.startsWith('ce_sid='))
      ?.split(';')[0] ?? '';
  const [name = '', value = ''] = cookie.split('=');
  if (!value) throw new Error(`login falhou: ${login.status}`);

  const browser = await chromium.launch({
    executablePath: await resolveChromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
  });
  cleanup(() => browser.close());
  console.log(
    `# Visita repetida ao /dashboard no celular (RTT ${RTT} ms, ${RUNS} execuções); ${machineLine()}`,
  );

  for (const serviceWorkers of ['block', 'allow'] as const) {
    const times: number[] = [];
    const fromServer: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({
        baseURL: base,
        viewport: PHONE,
        locale: 'pt-BR',
        serviceWorkers,
      });
      await context.addCookies([{ name, value, url: base }]);
      const first = await context.newPage();
      await first.goto('/dashboard');
      await first.locator('main article').first().waitFor({ timeout: 60_000 });
      if (serviceWorkers === 'allow') {
        await first.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, {
          timeout: 60_000,
        });
        await first.reload();
        await first.locator('main article').first().waitFor({ timeout: 60_000 });
      }
      await first.waitForLoadState('networkidle');
      await first.close();

      const page = await context.newPage();
      let network = 0;
      page.on('requestfinished', async (request) => {
        const response = await request.response();
        if (response && !response.fromServiceWorker() && !(await response.headerValue('x-from-cache'))) {
          // Served by the server (not the worker); a browser HTTP-cache hit has no timing of its own.
          const timing = request.timing();
          if (timing.responseStart > 0 && timing.requestStart >= 0) network++;
        }
      });
      await page.goto('/dashboard', { waitUntil: 'commit' });
      await page.locator('main article').first().waitFor({ timeout: 60_000 });
      times.push(await page.evaluate(() => performance.now()));
      await page.waitForLoadState('networkidle');
      fromServer.push(network);
      await context.close();
    }
    const label = serviceWorkers === 'block' ? 'sem service worker' : 'com service worker';
    console.log(
      `${label.padEnd(20)} primeiro card em ${median(times).toFixed(0)} ms (mediana; ${times.map((t) => t.toFixed(0)).join(', ')}), pedidos ao servidor ${median(fromServer)}`,
    );
  }
});

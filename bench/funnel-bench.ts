/**
 * The funnel map's cost (issue #26), apart from the scan's: for each local funnel site (src/server/testing/
 * funnel-sites.ts, on 127.0.0.1, every answer after 50 ms as a site that far away), the whole wordlist scan with its
 * calibration and robots/sitemap (against the ideal ceil(N/20) x 50 ms), then the one hop further (pages read, links
 * checked: its extra requests and time), then the phone-width pictures by the cloner's Chromium (time and count).
 * The scan's own figures against ffuf are in `npm run bench:slug`.
 *
 *   npm run bench:funnel
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { createLocalStorage } from '../src/server/lib/storage/storage';
import { createBrowserHolder } from '../src/server/modules/cloner/browser';
import { entriesToPicture, mapFunnel } from '../src/server/modules/funnel/map-funnel';
import { FUNNEL_EXTRA_REQUESTS } from '../src/server/modules/funnel/one-hop';
import { captureScreenshots } from '../src/server/modules/funnel/screenshots';
import { discoverPaths, parseSitemap } from '../src/server/modules/slug-checker/discovery';
import { createScanClient } from '../src/server/modules/slug-checker/scan-client';
import {
  isSoftNotFoundAnswer,
  SCAN_SETTINGS,
  scanSite,
} from '../src/server/modules/slug-checker/scan-engine';
import { buildSlugList } from '../src/server/modules/slug-checker/wordlist';
import { type FunnelSiteKind, startFunnelSite } from '../src/server/testing/funnel-sites';
import { SLUG_CHECK_CONCURRENCY } from '../src/shared/schemas/slug-checker';
import { machineLine } from './bench-kit';

const LATENCY_MS = 50;
const KINDS: FunnelSiteKind[] = ['hotmart-pt', 'kiwify-es', 'quiz', 'wordpress-soft404', 'script-checkout'];

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ce-funnel-bench-'));
const config = loadConfig({ DATA_DIR: dataDir, APP_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' });
const storage = createLocalStorage(config);
const browsers = createBrowserHolder();

console.log(machineLine());
console.log(
  `Sites locais a ${LATENCY_MS} ms, ${SLUG_CHECK_CONCURRENCY} em voo; no máximo ${FUNNEL_EXTRA_REQUESTS} requisições a mais por verificação.\n`,
);
console.log(
  '| site | testados | varredura (vs. ideal) | etapas | salto: requisições | salto: tempo | páginas achadas no salto | capturas | tempo das capturas |',
);
console.log('|---|---|---|---|---|---|---|---|---|');

try {
  for (const kind of KINDS) {
    const site = await startFunnelSite(kind, { latencyMs: LATENCY_MS });
    const origin = new URL(`${site.origin}/`);
    const client = createScanClient({ allowPrivateNetwork: true, connections: SCAN_SETTINGS.concurrency });
    try {
      const started = performance.now();
      const scanned = await scanSite(
        client,
        origin,
        {
          slugs: buildSlugList({}),
          discover: async (limited, signal) => {
            const found = await discoverPaths(limited, origin, async (xml) => parseSitemap(xml), signal);
            return [...found.robots, ...found.sitemap];
          },
        },
        SCAN_SETTINGS,
      );
      const scanMs = performance.now() - started;
      const n = scanned.results.length;
      const ideal = Math.ceil(n / SCAN_SETTINGS.concurrency) * LATENCY_MS;
      const before = site.requests();
      const { calibration } = scanned;
      const mapped = await mapFunnel({
        client,
        origin,
        scannedUrl: origin.href,
        results: scanned.results,
        isSoftNotFound: (url, answer) =>
          calibration !== undefined && isSoftNotFoundAnswer(calibration, url, answer),
        concurrency: SCAN_SETTINGS.concurrency,
      });
      const hopRequests = site.requests() - before;
      const shootStarted = performance.now();
      const urls = [
        ...new Set(entriesToPicture(mapped.funnel, origin, mapped.reached).map((e) => e.finalUrl)),
      ];
      const pictures = await captureScreenshots({ browsers, storage, allowPrivateNetwork: true }, urls);
      const shootMs = performance.now() - shootStarted;
      const steps = new Set(mapped.funnel.map((e) => e.step)).size;
      console.log(
        `| ${kind} | ${n} | ${(scanMs / 1000).toFixed(2)} s (+${((scanMs / ideal - 1) * 100).toFixed(1)}%) | ${steps} | ${hopRequests} (contadas: ${mapped.hop.requests}) | ${mapped.hop.ms} ms | ${mapped.hop.added} | ${pictures.size} de ${urls.length} | ${(shootMs / 1000).toFixed(1)} s |`,
      );
    } finally {
      await client.close();
      await site.close();
    }
  }
} finally {
  await browsers.close();
  await rm(dataDir, { recursive: true, force: true });
}

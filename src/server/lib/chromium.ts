import { existsSync } from 'node:fs';
import { environment } from '../config';

/**
 * The Chromium every browser user of the project runs (browser tests, screenshots, Lighthouse, the site
 * cloner's render pass): `CHROMIUM_PATH` when set (in the environment or `.env`), otherwise the binary shipped inside the npm package
 * `@sparticuz/chromium` (unpacked once into the temp folder on first use). Nothing is installed by hand
 * and nothing is downloaded at run time.
 */
export async function resolveChromiumPath(
  env: Record<string, string | undefined> = environment(),
): Promise<string> {
  const override = env.CHROMIUM_PATH;
  if (override) {
    if (!existsSync(override)) throw new Error(`CHROMIUM_PATH aponta para ${override}, que não existe.`);
    return override;
  }
  const { default: chromium } = await import('@sparticuz/chromium');
  return chromium.executablePath();
}

/** Flags for a headless Chromium on a closed network, as root (no sandbox), without background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];

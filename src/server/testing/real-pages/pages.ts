import { cdnRoutes } from './cdn';
import { fontFilesRoutes, fontsCssRoutes } from './google-fonts';
import { type Host, startHost } from './hosts';
import { agencia } from './page-agencia';
import { galeria } from './page-galeria';
import { oferta } from './page-oferta';
import { restaurante } from './page-restaurante';
import { tailwind } from './page-tailwind';
import type { PageHosts, RealPage } from './real-page';

export type { PageHosts, RealPage } from './real-page';

export const REAL_PAGES: RealPage[] = [agencia, restaurante, galeria, oferta, tailwind];

export interface RunningPage {
  id: string;
  title: string;
  /** The page's address. */
  url: string;
  site: Host;
}

export interface RealPages {
  pages: RunningPage[];
  /** Every origin a page's files come from (its site and the CDN hosts): what an original may reach. */
  origins: (page: RunningPage) => string[];
  close(): Promise<void>;
}

/**
 * Starts the real-world pages of the cloner's tests and bench, on loopback only: each page's site on 127.0.0.1,
 * the CDN on 127.0.0.2, the fonts' style sheets on 127.0.0.3 and their files on 127.0.0.4 (other origins, as on
 * the web). Nothing reaches the internet.
 */
export async function startRealPages(only?: string[]): Promise<RealPages> {
  let fontFilesOrigin = '';
  const fontFiles = await startHost('127.0.0.4', fontFilesRoutes);
  fontFilesOrigin = fontFiles.origin;
  const fontsCss = await startHost(
    '127.0.0.3',
    fontsCssRoutes(() => fontFilesOrigin),
  );
  const cdn = await startHost('127.0.0.2', cdnRoutes);
  const hosts: PageHosts = { cdn: cdn.origin, fontsCss: fontsCss.origin };
  const chosen = REAL_PAGES.filter((page) => !only || only.includes(page.id));
  const pages = await Promise.all(
    chosen.map(async (page) => {
      const site = await startHost('127.0.0.1', page.routes(hosts));
      return { id: page.id, title: page.title, url: `${site.origin}${page.path}`, site };
    }),
  );
  return {
    pages,
    origins: (page) => [page.site.origin, cdn.origin, fontsCss.origin, fontFiles.origin],
    close: async () => {
      await Promise.all([
        ...pages.map((p) => p.site.close()),
        cdn.close(),
        fontsCss.close(),
        fontFiles.close(),
      ]);
    },
  };
}

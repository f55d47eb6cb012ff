import path from 'node:path/posix';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../testing/factories';
import { type RealPages, startRealPages } from '../../testing/real-pages/pages';
import { typeByExtension } from '../../testing/real-pages/static-host';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type BrowserHolder, createBrowserHolder } from './browser';
import { cloneWebsite } from './cloner.service';
import { cssReferences } from './css-references';
import { htmlFileUrls, readHtml } from './html-document';

/**
 * The real-world pages (testing/real-pages) cloned through the service: every file is named so that a host that
 * reads the type from the extension alone serves it as the site did, and every reference in the pages and style
 * sheets is relative and names a file of the ZIP. (How the clones look, served from a root and a sub-folder, is
 * the browser test's: e2e/cloner-real-pages.e2e.ts.)
 */
let t: TestApp;
let real: RealPages;
let browsers: BrowserHolder;
beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_NETWORK_TARGETS: '1' });
  real = await startRealPages();
  browsers = createBrowserHolder();
}, 60_000);
afterAll(async () => {
  await browsers?.close();
  await real?.close();
  await t?.close();
});

/** Where a reference written in archive file `from` leads, inside the archive (`null`: outside it). */
function inArchive(from: string, reference: string): string | null {
  const url = new URL(reference, `http://clone.test/${from}`);
  if (url.origin !== 'http://clone.test') return null;
  return decodeURIComponent(url.pathname.slice(1));
}

describe('real-world pages cloned', () => {
  it('name every file for an extension-only host and point every reference at a file of the ZIP', async () => {
    const user = await createMember(t.db);
    for (const page of real.pages) {
      const result = await cloneWebsite(
        {
          db: t.db,
          config: { ALLOW_PRIVATE_NETWORK_TARGETS: true, JOB_LEASE_SECONDS: 15 },
          storage: t.app.storage,
          browsers,
          workers: t.app.workers,
          jobs: t.app.jobs,
        },
        user.id,
        { url: page.url },
      );
      expect(result.success, `${page.id}: ${result.error}`).toBe(true);
      const zip = await t.app.storage.readPrivate(`clones/${result.downloadUrl.split('/')[3]}.zip`);
      const entries = unzipSync(new Uint8Array(zip ?? Buffer.alloc(0)));
      const files = Object.keys(entries);
      const text = (file: string) => Buffer.from(entries[file] ?? []).toString('utf8');

      // nginx serves each file with a real type (nothing falls back to application/octet-stream but TrueType
      // fonts, which nginx has no type for and browsers load anyway)...
      for (const file of files.filter((f) => !f.endsWith('.ttf')))
        expect(typeByExtension(file), `${page.id}: ${file}`).not.toBe('application/octet-stream');
      // ...and the right one where the browser checks it: style sheets, scripts, fonts.
      const expectType = (from: string, reference: string, type: RegExp, what: string) => {
        const target = inArchive(from, reference);
        expect(target, `${page.id}: ${what} ${reference} em ${from}`).not.toBeNull();
        expect(files, `${page.id}: ${what} ${reference} em ${from}`).toContain(target);
        expect(typeByExtension(target ?? ''), `${page.id}: ${target}`).toMatch(type);
      };
      for (const file of files.filter((f) => f.endsWith('.html'))) {
        const html = text(file).replace(/<script data-clube-escala-clone>[\s\S]*?<\/script>/, '');
        const doc = readHtml(html, new URL(`http://clone.test/${file}`));
        for (const url of htmlFileUrls(doc)) {
          expect(url.startsWith('http://clone.test/'), `${page.id}: ${url} em ${file}`).toBe(true);
          expect(files, `${page.id}: ${url} em ${file}`).toContain(inArchive(file, url));
        }
        for (const [, href] of html.matchAll(
          /<link rel="stylesheet" href="([^"]+)"|<link href="([^"]+)" rel="stylesheet"/g,
        ))
          if (href) expectType(file, href, /^text\/css$/, 'folha');
        for (const [, src] of html.matchAll(/<script[^>]* src="([^"]+)"/g))
          if (src) expectType(file, src, /^application\/javascript$/, 'script');
        expect(html, `${page.id}: ${file}`).not.toMatch(
          /\s(src|srcset|data-src|data-srcset|data-bg|poster)="\//,
        );
        expect(html, `${page.id}: ${file}`).not.toMatch(/<link[^>]* href="\//);
      }
      for (const file of files.filter((f) => f.endsWith('.css'))) {
        const css = text(file);
        for (const ref of cssReferences(css))
          expect(files, `${page.id}: ${ref.value} em ${file}`).toContain(inArchive(file, ref.value));
        for (const [, face] of css.matchAll(/@font-face\s*\{([^}]*)\}/g))
          for (const [, src] of (face ?? '').matchAll(/url\("([^"]+)"\)/g))
            if (src) expectType(file, src, /^font\/woff2?$|^application\/octet-stream$/, 'fonte');
        expect(path.extname(file)).toBe('.css');
      }
      // The original hosts appear nowhere but in the shim's map.
      for (const file of files.filter((f) => /\.(html|css)$/.test(f))) {
        const body = text(file).replace(/<script data-clube-escala-clone>[\s\S]*?<\/script>/, '');
        for (const origin of real.origins(page))
          expect(body, `${page.id}: ${file}`).not.toContain(origin.slice(7));
      }
    }
  }, 120_000);
});

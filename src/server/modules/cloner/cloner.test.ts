import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloneWebsiteResponse } from '../../../shared/schemas/cloner';
import { websiteClones } from '../../db/schema/index';
import { createMember, signIn } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { CLONE_ERRORS } from './cloner.service';
import { cdnHandler, landingHandler, startSite, type TestSite, unzip } from './cloner.test-support';

let t: TestApp;
let site: TestSite;
let cdn: TestSite;
beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_NETWORK_TARGETS: '1' });
  cdn = await startSite(cdnHandler);
  site = await startSite(
    landingHandler(
      () => cdn.origin,
      () => site.origin,
    ),
  );
}, 60_000);
afterAll(async () => {
  await Promise.all([site?.close(), cdn?.close()]);
  await t?.close();
});

async function member() {
  const user = await createMember(t.db);
  return { user, cookie: await signIn(t.db, user.id) };
}

async function clone(cookie: string, url: string) {
  const res = await t.request({
    method: 'POST',
    url: '/api/clone-website',
    payload: { url },
    headers: { cookie },
  });
  return { res, body: res.json() as CloneWebsiteResponse };
}

async function download(cookie: string | undefined, downloadUrl: string) {
  return t.app.inject({ method: 'GET', url: downloadUrl, headers: cookie ? { cookie } : {} });
}

/** Today in São Paulo, as the ZIP's name writes it. */
const saoPauloDay = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', dateStyle: 'short' }).format(new Date());

/** The page without the shim script (which lists the origins it maps). */
const withoutShim = (html: string) => html.replace(/<script data-clube-escala-clone>[\s\S]*?<\/script>/, '');

describe('POST /api/clone-website against local sites', () => {
  it('captures every kind of file, static and script-loaded, on two hosts, and rewrites every reference', async () => {
    const { cookie } = await member();
    const { res, body } = await clone(cookie, site.url('/'));
    expect(res.statusCode).toBe(200);
    expect(body.success, body.error).toBe(true);
    expect(body.downloadUrl).toMatch(/^\/api\/clones\/[0-9a-f-]{36}\/download$/);
    expect(body.fileName).toBe(`127.0.0.1_${site.port}-${saoPauloDay()}.zip`);

    const zipRes = await download(cookie, body.downloadUrl);
    expect(zipRes.statusCode).toBe(200);
    expect(zipRes.headers['content-type']).toBe('application/zip');
    expect(zipRes.headers['content-disposition']).toBe(`attachment; filename="${body.fileName}"`);
    const files = unzip(zipRes.rawPayload);
    const names = Object.keys(files);
    const third = `_externos/127.0.0.1_${cdn.port}`;
    const expected = [
      'index.html',
      'css/site.css',
      'css/more.css', // @import
      'img/from-import.png', // url() in the imported sheet
      'img/hero.png',
      'img/hero-4k.png', // a media query no view matched (parse pass)
      'img/inline.png', // style attribute
      'img/a.png',
      'img/a-2x.png',
      'img/a-3x.png', // srcset variants
      'img/huge-screen.png', // <source media> no view matched
      'img/pic.png',
      'img/lazy.png', // data-src
      'img/poster.png',
      'media/clip.mp4',
      'img/set-1x.png',
      'img/set-2x.png', // image-set()
      'fonts/f.woff2',
      'favicon.png', // answered as image/x-icon, but its bytes are a PNG: the bytes name it
      'img/real.png', // the target of a redirect
      'js/app.js',
      'js/mod.js', // module import
      'api/x.json', // fetch('/api/x.json')
      'api/absolute.json', // an absolute URL in an inline script
      'img/built-7.png', // an image URL built by a script from fetched data
      `${third}/lib/cdn.js`,
      `${third}/lib/cdn.css`,
      `${third}/lib/cdn-bg.png`,
      `${third}/img/cdn-built.png`, // built by a script from the third-party origin
    ];
    for (const name of expected) expect(names, name).toContain(name);
    // Query-string variants kept apart.
    expect(names.filter((n) => /^img\/v-[0-9a-f]{8}\.png$/.test(n))).toHaveLength(2);
    // Nothing points at either site any more (the shim lists the origins it maps, nothing else does); every
    // reference is relative to the file that holds it.
    const index = files['index.html'] ?? '';
    expect(withoutShim(index)).not.toContain(site.origin);
    expect(withoutShim(index)).not.toContain(cdn.origin);
    expect(index).toContain(`href="${third}/lib/cdn.css"`);
    expect(index).toContain(`src="${third}/lib/cdn.js"`);
    expect(index).toContain('src="img/real.png"');
    expect(index).toContain("fetch('api/absolute.json')");
    expect(index).toMatch(/srcset="img\/a-2x\.png 2x, img\/a-3x\.png 3x"/);
    expect(withoutShim(index)).not.toMatch(/\s(src|srcset|poster|data-src)="\//);
    expect(withoutShim(index)).not.toMatch(/<link[^>]*href="\//);
    // The page's own HTML, scripts included (not the rendered DOM: no text the script wrote).
    expect(index).toContain('<script type="module" src="js/app.js"></script>');
    expect(index).not.toContain('*dados*');
    expect(index).toContain('<a href="/obrigado">');
    expect(files[`${third}/lib/cdn.css`]).toContain('url("cdn-bg.png")');
    expect(files['css/site.css']).toContain('url("more.css")');
    expect(files['css/site.css']).toContain('"../img/set-2x.png" 2x');
    expect(files['css/more.css']).toContain('url("../img/from-import.png")');
    expect(files['js/app.js']).toContain("import { label } from './mod.js'");
    // Only the pages of this request were fetched from the third party: nothing outside the page's own needs.
    expect(cdn.paths.every((p) => /^\/(lib|img)\//.test(p))).toBe(true);
  }, 60_000);

  it('takes a URL without a scheme: https first, then http when the site has no https; the ZIP named after it', async () => {
    const { cookie } = await member();
    const handshakes = site.tlsHandshakes();
    const { res, body } = await clone(cookie, `${site.host}/landing`);
    expect(res.statusCode).toBe(200);
    expect(body.success, body.error).toBe(true);
    expect(site.tlsHandshakes()).toBe(handshakes + 1);
    const name = `127.0.0.1_${site.port}-landing-${saoPauloDay()}.zip`;
    expect(body.fileName).toBe(name);
    const zipRes = await download(cookie, body.downloadUrl);
    expect(zipRes.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    expect(unzip(zipRes.rawPayload)['index.html']).toContain('<title>Oferta</title>');

    // A typed scheme is the only one tried: http:// never knocks on https, https:// never falls back to http.
    const before = site.tlsHandshakes();
    expect((await clone(cookie, site.url('/landing'))).body.success).toBe(true);
    expect(site.tlsHandshakes()).toBe(before);
    const httpsOnly = await clone(cookie, `https://${site.host}/landing`);
    expect(httpsOnly.body).toEqual({ success: false, downloadUrl: '', error: CLONE_ERRORS.connection });
    expect(site.tlsHandshakes()).toBe(before + 1);

    // Neither scheme answers: the connection cause, saying both were tried.
    const closed = await startSite(() => {});
    const port = closed.port;
    await closed.close();
    const refused = await clone(cookie, `127.0.0.1:${port}/obrigado`);
    expect(refused.body).toEqual({
      success: false,
      downloadUrl: '',
      error: CLONE_ERRORS.connectionBothSchemes,
    });
  }, 60_000);

  it('follows a redirect chain and clones the page it ends on', async () => {
    const { cookie } = await member();
    const { body } = await clone(cookie, site.url('/antiga'));
    expect(body.success, body.error).toBe(true);
    const files = unzip((await download(cookie, body.downloadUrl)).rawPayload);
    expect(files['index.html']).toContain('<title>Oferta</title>');
  }, 60_000);

  it('maps failures to the four causes: robots.txt, a 404 page, a login wall, a site that refuses connections', async () => {
    const { cookie } = await member();
    const robots = await clone(cookie, site.url('/privado/pagina'));
    expect(robots.res.statusCode).toBe(200);
    expect(robots.body).toEqual({ success: false, downloadUrl: '', error: CLONE_ERRORS.robots });
    expect(site.paths).not.toContain('/privado/pagina');

    const missing = await clone(cookie, site.url('/nao-existe'));
    expect(missing.body).toEqual({ success: false, downloadUrl: '', error: CLONE_ERRORS.inaccessible(404) });

    const login = await clone(cookie, site.url('/painel'));
    expect(login.body).toEqual({ success: false, downloadUrl: '', error: CLONE_ERRORS.login });

    const closed = await startSite(() => {});
    const port = closed.port;
    await closed.close();
    const refused = await clone(cookie, `http://127.0.0.1:${port}/`);
    expect(refused.body).toEqual({ success: false, downloadUrl: '', error: CLONE_ERRORS.connection });
  }, 60_000);

  it('refuses bad input with a Portuguese 400 and needs a member', async () => {
    const { cookie } = await member();
    for (const url of [
      '',
      '   ',
      'exemplo',
      'exemplo..com/x',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'ftp://exemplo.com/',
    ]) {
      const { res } = await clone(cookie, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/Por favor, insira uma URL válida/);
    }
    const tooLong = await clone(cookie, `https://exemplo.com/${'a'.repeat(3000)}`);
    expect(tooLong.res.statusCode).toBe(400);
    const credentials = await clone(cookie, `http://usuario:senha@${site.host}/`);
    expect(credentials.res.statusCode).toBe(400);
    const anonymous = await t.request({
      method: 'POST',
      url: '/api/clone-website',
      payload: { url: site.url('/') },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets only the member who made it download the ZIP, and forgets it after 24 hours', async () => {
    const owner = await member();
    const other = await member();
    const { body } = await clone(owner.cookie, site.url('/'));
    expect(body.success, body.error).toBe(true);
    expect((await download(other.cookie, body.downloadUrl)).statusCode).toBe(404);
    expect((await download(undefined, body.downloadUrl)).statusCode).toBe(401);
    expect((await download(owner.cookie, '/api/clones/nao-e-um-id/download')).statusCode).toBe(400);
    expect((await download(owner.cookie, body.downloadUrl)).statusCode).toBe(200);

    const id = body.downloadUrl.split('/')[3] as string;
    await t.db
      .update(websiteClones)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(websiteClones.id, id));
    const expired = await download(owner.cookie, body.downloadUrl);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toMatch(/expirou/);
    // The next clone sweeps it away: row and file.
    const { sweepExpiredClones } = await import('./cloner.service');
    await sweepExpiredClones({ db: t.db, storage: t.app.storage });
    expect(await t.db.select().from(websiteClones).where(eq(websiteClones.id, id))).toHaveLength(0);
    expect(await t.app.storage.readPrivate(`clones/${id}.zip`)).toBeNull();
  }, 60_000);
});

import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_VARIANT_WIDTHS, imageVariantUrl } from '../../../shared/image-variants';
import { offers, userEscalatedOffers } from '../../db/schema/index';
import { uploadsDir } from '../../lib/storage/storage';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedInAdmin } from '../offers/offers.test-support';
import { CREATIVE_NOT_UPLOADED } from '../user-offers/user-offers.service';
import {
  session,
  storedCreative,
  submissionPayload,
  submitOffer,
} from '../user-offers/user-offers.test-support';

/** The advertiser's host: a real HTTP server on 127.0.0.1 (reachable only with ALLOW_PRIVATE_NETWORK_TARGETS). */
let remote: Server;
let base: string;
const requests: string[] = [];
let JPEG: Buffer;
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]);

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  JPEG = await sharp({ create: { width: 1600, height: 800, channels: 3, background: '#aa3300' } })
    .jpeg()
    .toBuffer();
  remote = createServer((req, res) => {
    requests.push(req.url ?? '');
    const send = (status: number, body: Buffer | string, type: string) => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    switch (req.url) {
      // The header lies: the type comes from the bytes.
      case '/criativo.php?id=7':
        return send(200, JPEG, 'text/html');
      case '/video':
        return send(200, MP4, 'application/octet-stream');
      case '/pagina.html':
        return send(200, '<html><script>alert(1)</script></html>'.padEnd(200, ' '), 'image/png');
      case '/quebrada.png':
        return send(200, Buffer.concat([JPEG.subarray(0, 3), Buffer.alloc(100)]), 'image/jpeg');
      case '/enorme.jpg':
        return send(200, Buffer.concat([JPEG, Buffer.alloc(6 * 1024 * 1024)]), 'image/jpeg');
      case '/para-metadados':
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        return res.end();
      case '/redireciona':
        res.writeHead(301, { location: '/criativo.php?id=7' });
        return res.end();
      default:
        return send(404, 'não encontrado', 'text/plain');
    }
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
  t = await createTestApp({ ALLOW_PRIVATE_NETWORK_TARGETS: '1' });
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await t.close();
  remote.closeAllConnections();
  await new Promise((resolve) => remote.close(resolve));
});

const offerBody = (creative: string | null, creativeType = 'image') => ({
  productTitle: 'Emagrece Já',
  advertiser: 'Saúde Total',
  creative,
  creativeType,
  status: 'escalando',
  niche: 'Emagrecimento',
  format: 'VSL',
  language: 'Português',
  ads: 10,
  roas: 2,
  ticket: 97,
});
const creativeFiles = async () => readdir(path.join(uploadsDir(t.config), 'creatives')).catch(() => []);
const fileOf = (url: string) => path.join(uploadsDir(t.config), url.replace('/uploads/', ''));

describe('admin offers: a creative URL on another host is downloaded on save', () => {
  it('stores the file (type from its bytes) with its resized copies, and saves our URL', async () => {
    const before = requests.length;
    const res = await admin.call('POST', '/api/offers', offerBody(`${base}/redireciona`, 'video'));
    expect(res.statusCode, res.body).toBe(201);
    const { creative, creativeType } = res.json();
    expect(creative).toMatch(/^\/uploads\/creatives\/[a-f0-9]{32}\.jpg$/);
    expect(creativeType).toBe('image');
    expect(requests.slice(before)).toEqual(['/redireciona', '/criativo.php?id=7']);
    const served = await t.request({ method: 'GET', url: creative });
    expect(served.rawPayload.equals(JPEG)).toBe(true);
    for (const width of IMAGE_VARIANT_WIDTHS) {
      expect(existsSync(fileOf(imageVariantUrl(creative, width)!)), `w${width}`).toBe(true);
    }

    const video = await admin.call('POST', '/api/offers', offerBody(`${base}/video`));
    expect(video.statusCode, video.body).toBe(201);
    expect(video.json()).toMatchObject({ creativeType: 'video', creative: expect.stringMatching(/\.mp4$/) });
  });

  it('imports on edit, removes the replaced stored creative, and leaves stored URLs alone', async () => {
    const first = await storedCreative(t);
    const created = (await admin.call('POST', '/api/offers', offerBody(first))).json();
    expect(created.creative).toBe(first);
    const before = requests.length;
    const edited = await admin.call(
      'PUT',
      `/api/offers/${created.id}`,
      offerBody(`${base}/criativo.php?id=7`),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().creative).toMatch(/^\/uploads\/creatives\/[a-f0-9]{32}\.jpg$/);
    expect(existsSync(fileOf(first))).toBe(false);
    expect(requests.length).toBe(before + 1);

    // Saving again with our own URL (relative, or absolute on this app's origin) downloads nothing.
    const ours = edited.json().creative as string;
    for (const creative of [ours, `${t.config.APP_URL}${ours}`]) {
      const again = await admin.call('PUT', `/api/offers/${created.id}`, offerBody(creative));
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().creative).toBe(ours);
    }
    expect(requests.length).toBe(before + 1);
  });

  it('refuses what cannot be downloaded with a Portuguese 400, storing and saving nothing', async () => {
    const prefix = 'Não foi possível baixar o criativo: ';
    const cases: [string, string][] = [
      [`${base}/nao-existe.png`, 'o servidor respondeu com o status 404.'],
      [
        `${base}/pagina.html`,
        'o endereço não devolveu um arquivo aceito (apenas imagens e vídeos são aceitos).',
      ],
      [`${base}/quebrada.png`, 'não foi possível ler a imagem: o arquivo está corrompido ou incompleto.'],
      [`${base}/enorme.jpg`, 'o arquivo deve ter no máximo 5MB.'],
      [`${base}/para-metadados`, 'endereço não permitido: a URL aponta para uma rede interna.'],
      ['http://10.0.0.1/criativo.png', 'endereço não permitido: a URL aponta para uma rede interna.'],
      ['http://[::ffff:169.254.169.254]/', 'endereço não permitido: a URL aponta para uma rede interna.'],
    ];
    const files = await creativeFiles();
    const count = async () => (await t.db.select({ id: offers.id }).from(offers)).length;
    const rows = await count();
    for (const [url, reason] of cases) {
      const res = await admin.call('POST', '/api/offers', offerBody(url));
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(`${prefix}${reason}`);
    }
    expect(await count()).toBe(rows);
    expect(await creativeFiles()).toEqual(files);
  });

  it('removes the downloaded file when the save itself fails', async () => {
    const files = await creativeFiles();
    const res = await admin.call(
      'PUT',
      '/api/offers/00000000-0000-0000-0000-000000000000',
      offerBody(`${base}/criativo.php?id=7`),
    );
    expect(res.statusCode).toBe(404);
    expect(await creativeFiles()).toEqual(files);
  });
});

describe('admin edit of a member submission', () => {
  it('downloads a creative URL on another host; members must still upload theirs', async () => {
    const member = await session(t, 'member');
    const id = await submitOffer(t, member);
    const res = await admin.call('PATCH', `/api/admin/user-offers/${id}`, {
      creative: `${base}/video`,
      creativeType: 'image',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      creativeType: 'video',
      creative: expect.stringMatching(/^\/uploads\/creatives\/.*\.mp4$/),
    });
    const [row] = await t.db.select().from(userEscalatedOffers).where(eq(userEscalatedOffers.id, id));
    expect(row?.creative).toBe(res.json().creative);

    const before = requests.length;
    const submitted = await member.call(
      'POST',
      '/api/user-offers',
      submissionPayload(`${base}/criativo.php?id=7`),
    );
    expect(submitted.statusCode).toBe(400);
    expect(submitted.json().message).toBe(CREATIVE_NOT_UPLOADED);
    expect(requests.length).toBe(before);
  });
});

describe('without ALLOW_PRIVATE_NETWORK_TARGETS', () => {
  it('refuses the loopback server before connecting', async () => {
    const strict = await createTestApp();
    try {
      const strictAdmin = await signedInAdmin(strict);
      const before = requests.length;
      for (const url of [`${base}/criativo.php?id=7`, base.replace('127.0.0.1', 'localhost')]) {
        const res = await strictAdmin.call('POST', '/api/offers', offerBody(url));
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message).toBe(
          'Não foi possível baixar o criativo: endereço não permitido: a URL aponta para uma rede interna.',
        );
      }
      expect(requests.length).toBe(before);
    } finally {
      await strict.close();
    }
  });
});

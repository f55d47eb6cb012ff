import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminBeginnerMapLesson,
  type BeginnerMap,
  LESSON_DESCRIPTION_REQUIRED,
  LESSON_LINK_INVALID,
  LESSON_LINK_NOT_ALLOWED,
  LESSON_NOT_FOUND,
  LESSON_TITLE_REQUIRED,
  LESSON_VIDEO_INVALID,
  LESSON_VIDEO_PANDA_INVALID,
  STEP_NOT_FOUND,
} from '../../../shared/schemas/beginner-map';
import {
  beginnerMapLessonCompletions,
  beginnerMapLessons,
  beginnerMapStepCompletions,
  users,
} from '../../db/schema/index';
import { createAdmin, createMember, signIn } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

const YOUTUBE = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
const VIMEO = 'https://vimeo.com/76979871';
const PANDA =
  'https://player-vz-b35d55b6-835.tv.pandavideo.com.br/embed/?v=416ff6ee-9cfc-40b4-b902-d599c271c7b4';

let t: TestApp;
let admin: string;
let member: string;
let memberId: string;
let other: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.db, (await createAdmin(t.db)).id);
  memberId = (await createMember(t.db, { name: 'Iniciante' })).id;
  member = await signIn(t.db, memberId);
  other = await signIn(t.db, (await createMember(t.db, { name: 'Outra' })).id);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (cookie: string | null, method: Method, url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const mapOf = async (cookie: string) => {
  const res = await call(cookie, 'GET', '/api/beginner-map');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BeginnerMap;
};
const lessonOf = async (cookie: string, id: string) =>
  (await mapOf(cookie)).lessons.find((l) => l.id === id)!;
const edit = (cookie: string, id: string, body: Record<string, unknown>) =>
  call(cookie, 'PUT', `/api/admin/beginner-map/lessons/${id}`, body);
const texts = { title: 'Introdução ao tráfego pago', description: 'O que é tráfego pago.' };

describe('beginner map: who may call', () => {
  it('answers 401 to anonymous callers on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/beginner-map'],
      ['POST', '/api/beginner-map/lessons/trafego-pago-01/done'],
      ['DELETE', '/api/beginner-map/lessons/trafego-pago-01/done'],
      ['POST', '/api/beginner-map/steps/criar-contas/done'],
      ['DELETE', '/api/beginner-map/steps/criar-contas/done'],
      ['PUT', '/api/admin/beginner-map/lessons/trafego-pago-01'],
    ] as const) {
      const res = await call(null, method, url, method === 'PUT' ? texts : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses a member the administrator’s edit (403) and changes nothing', async () => {
    const res = await edit(member, 'trafego-pago-02', { ...texts, videoUrl: YOUTUBE });
    expect(res.statusCode).toBe(403);
    expect(await lessonOf(member, 'trafego-pago-02')).not.toHaveProperty('videoUrl');
  });

  it('declares the routes with their access rules', () => {
    const accessOf = (key: string) =>
      t.app.routeAccessTable.find((r) => `${r.method} ${r.url}` === key)?.access;
    expect(accessOf('GET /api/beginner-map')).toBe('member');
    expect(accessOf('POST /api/beginner-map/lessons/:id/done')).toBe('member');
    expect(accessOf('DELETE /api/beginner-map/lessons/:id/done')).toBe('member');
    expect(accessOf('POST /api/beginner-map/steps/:id/done')).toBe('member');
    expect(accessOf('DELETE /api/beginner-map/steps/:id/done')).toBe('member');
    expect(accessOf('PUT /api/admin/beginner-map/lessons/:id')).toBe('admin');
  });
});

describe('beginner map: the installed content', () => {
  it('has the six steps and the four cards’ lessons on a new database, nothing done, no video', async () => {
    const map = await mapOf(member);
    expect(map.steps.map((s) => [s.order, s.id, s.done])).toEqual([
      [1, 'criar-contas', false],
      [2, 'assistir-tutoriais', false],
      [3, 'assistir-gravacoes', false],
      [4, 'calls-ao-vivo', false],
      [5, 'aplicar', false],
      [6, 'primeiros-resultados', false],
    ]);
    expect(map.steps[3]?.title).toBe('Participe das calls ao vivo');
    const count = (section: string) => map.lessons.filter((l) => l.section === section).length;
    expect([count('trafego-pago'), count('clonagem'), count('como-usar'), count('contas')]).toEqual([
      13, 4, 12, 3,
    ]);
    // In the cards' order, each card in its own order.
    expect(map.lessons[0]).toMatchObject({ id: 'trafego-pago-01', section: 'trafego-pago', order: 1 });
    expect(map.lessons.at(-1)).toMatchObject({ id: 'contas-03', section: 'contas', order: 3 });
    expect(map.lessons.filter((l) => l.section === 'como-usar').map((l) => l.title)).toEqual([
      'Ofertas Escaladas',
      'Otimizador de Campanhas',
      'Validador de Criativo',
      'Espião de Slugs',
      'Clonador de Sites',
      'Comunidade',
      'Mascarar Criativo',
      'Ocultar Criativo',
      'Criptografar Texto',
      'Organizador de Bibliotecas',
      'Subir Oferta',
      'Divulgação',
    ]);
    for (const lesson of map.lessons) {
      expect(lesson).toMatchObject({ linkUrl: null, done: false });
      // No video set: the field is left out, not null.
      expect(lesson).not.toHaveProperty('videoUrl');
      expect(lesson.title.length).toBeGreaterThan(0);
      expect(lesson.description.length).toBeGreaterThan(0);
    }
  });
});

describe('beginner map: a member’s progress', () => {
  it('marks a lesson done and undone, idempotently, for that member only', async () => {
    const url = '/api/beginner-map/lessons/trafego-pago-03/done';
    for (let i = 0; i < 2; i++) {
      const res = await call(member, 'POST', url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: 'trafego-pago-03', done: true });
    }
    expect((await lessonOf(member, 'trafego-pago-03')).done).toBe(true);
    expect((await lessonOf(other, 'trafego-pago-03')).done).toBe(false);
    const rows = await t.db
      .select()
      .from(beginnerMapLessonCompletions)
      .where(eq(beginnerMapLessonCompletions.lessonId, 'trafego-pago-03'));
    expect(rows).toHaveLength(1);

    for (let i = 0; i < 2; i++) {
      const res = await call(member, 'DELETE', url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: 'trafego-pago-03', done: false });
    }
    expect((await lessonOf(member, 'trafego-pago-03')).done).toBe(false);
  });

  it('marks a step done and undone, idempotently, for that member only', async () => {
    const url = '/api/beginner-map/steps/assistir-tutoriais/done';
    expect((await call(member, 'POST', url)).json()).toEqual({ id: 'assistir-tutoriais', done: true });
    expect((await call(member, 'POST', url)).statusCode).toBe(200);
    const mine = await mapOf(member);
    expect(mine.steps.filter((s) => s.done).map((s) => s.id)).toEqual(['assistir-tutoriais']);
    expect((await mapOf(other)).steps.every((s) => !s.done)).toBe(true);
    expect((await call(member, 'DELETE', url)).json()).toEqual({ id: 'assistir-tutoriais', done: false });
    expect((await call(member, 'DELETE', url)).statusCode).toBe(200);
    expect((await mapOf(member)).steps.every((s) => !s.done)).toBe(true);
  });

  it('answers 404 in Portuguese for an unknown lesson or step, and 414 for an over-long id', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const lesson = await call(member, method, '/api/beginner-map/lessons/trafego-pago-99/done');
      expect(lesson.statusCode).toBe(404);
      expect(lesson.json().message).toBe(LESSON_NOT_FOUND);
      const step = await call(member, method, '/api/beginner-map/steps/passo-7/done');
      expect(step.statusCode).toBe(404);
      expect(step.json().message).toBe(STEP_NOT_FOUND);
    }
    const longest = await call(member, 'POST', `/api/beginner-map/lessons/${'a'.repeat(100)}/done`);
    expect(longest.statusCode).toBe(404);
    const long = await call(member, 'POST', `/api/beginner-map/lessons/${'a'.repeat(101)}/done`);
    expect(long.statusCode).toBe(414);
    expect(long.json().message).toBe('Endereço grande demais.');
  });

  it('forgets a member’s progress when the member is deleted (cascade)', async () => {
    const gone = await createMember(t.db, { name: 'Vai sair' });
    const cookie = await signIn(t.db, gone.id);
    await call(cookie, 'POST', '/api/beginner-map/lessons/clonagem-01/done');
    await call(cookie, 'POST', '/api/beginner-map/steps/aplicar/done');
    const countOf = async () => {
      const [l] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(beginnerMapLessonCompletions)
        .where(eq(beginnerMapLessonCompletions.userId, gone.id));
      const [s] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(beginnerMapStepCompletions)
        .where(eq(beginnerMapStepCompletions.userId, gone.id));
      return [l?.n, s?.n];
    };
    expect(await countOf()).toEqual([1, 1]);
    await t.db.delete(users).where(eq(users.id, gone.id));
    expect(await countOf()).toEqual([0, 0]);
  });
});

describe('beginner map: the administrator’s edit', () => {
  it('sets the texts and a YouTube, Vimeo or Panda Video link; the member reads them on the next load', async () => {
    for (const videoUrl of [YOUTUBE, VIMEO, PANDA, PANDA.replace('.com.br', '.com')]) {
      const res = await edit(admin, 'trafego-pago-05', {
        title: '  Estrutura de campanha de teste  ',
        description: 'Nova descrição da aula.',
        videoUrl: `  ${videoUrl} `,
      });
      expect(res.statusCode, res.body).toBe(200);
      const lesson = res.json() as AdminBeginnerMapLesson;
      expect(lesson).toMatchObject({
        id: 'trafego-pago-05',
        section: 'trafego-pago',
        order: 5,
        title: 'Estrutura de campanha de teste',
        description: 'Nova descrição da aula.',
        videoUrl,
        linkUrl: null,
      });
      expect(Date.parse(lesson.updatedAt ?? '')).not.toBeNaN();
      expect(await lessonOf(member, 'trafego-pago-05')).toMatchObject({ videoUrl, done: false });
    }
  });

  it('keeps the video when videoUrl is left out, clears it with null or an empty text', async () => {
    expect((await edit(admin, 'trafego-pago-06', { ...texts, videoUrl: VIMEO })).statusCode).toBe(200);
    const kept = await edit(admin, 'trafego-pago-06', { title: 'Criativos', description: 'Outra' });
    expect(kept.json()).toMatchObject({ title: 'Criativos', videoUrl: VIMEO });
    expect((await edit(admin, 'trafego-pago-06', { ...texts, videoUrl: '' })).json()).not.toHaveProperty(
      'videoUrl',
    );
    await edit(admin, 'trafego-pago-06', { ...texts, videoUrl: VIMEO });
    expect((await edit(admin, 'trafego-pago-06', { ...texts, videoUrl: null })).json()).not.toHaveProperty(
      'videoUrl',
    );
    expect(await lessonOf(member, 'trafego-pago-06')).not.toHaveProperty('videoUrl');
  });

  it('reads the link out of a pasted <iframe> embed code', async () => {
    const code = `<iframe id="panda-x" src="${PANDA}" style="border:none" allowfullscreen></iframe>`;
    const res = await edit(admin, 'clonagem-02', { ...texts, videoUrl: code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().videoUrl).toBe(PANDA);
  });

  it('edits a partner tool’s name and sign-up link, and clears the link', async () => {
    const res = await edit(admin, 'contas-01', {
      title: 'Gerenciador de Anúncios da Meta',
      description: 'Crie a conta de anúncios.',
      linkUrl: 'https://www.facebook.com/business/tools/ads-manager',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await lessonOf(member, 'contas-01')).toMatchObject({
      title: 'Gerenciador de Anúncios da Meta',
      linkUrl: 'https://www.facebook.com/business/tools/ads-manager',
      section: 'contas',
    });
    const cleared = await edit(admin, 'contas-01', { ...texts, linkUrl: '' });
    expect(cleared.json().linkUrl).toBeNull();
  });

  it.each([
    [{ title: '   ', description: 'd' }, LESSON_TITLE_REQUIRED],
    [{ description: 'd' }, LESSON_TITLE_REQUIRED],
    [{ title: 'x'.repeat(201), description: 'd' }, 'O título deve ter no máximo 200 caracteres.'],
    [{ title: 't', description: '' }, LESSON_DESCRIPTION_REQUIRED],
    [{ title: 't', description: 'x'.repeat(2001) }, 'A descrição deve ter no máximo 2000 caracteres.'],
    [{ ...texts, videoUrl: 'https://meet.google.com/abc-defg-hij' }, LESSON_VIDEO_INVALID],
    [{ ...texts, videoUrl: 'javascript:alert(1)' }, LESSON_VIDEO_INVALID],
    [{ ...texts, videoUrl: 'youtube.com/watch?v=aqz-KE-bpKQ' }, LESSON_VIDEO_INVALID],
    [{ ...texts, videoUrl: 42 }, LESSON_VIDEO_INVALID],
    [{ ...texts, videoUrl: 'https://dashboard.pandavideo.com.br/#/videos/1' }, LESSON_VIDEO_PANDA_INVALID],
    [{ ...texts, videoUrl: PANDA.replace(/v=.*/, 'v=curto') }, LESSON_VIDEO_PANDA_INVALID],
    [{ ...texts, videoUrl: `https://youtu.be/aqz-KE-bpKQ?x=${'a'.repeat(2100)}` }, LESSON_VIDEO_INVALID],
    [{ ...texts, linkUrl: 'ftp://exemplo.com' }, LESSON_LINK_INVALID],
  ])('refuses %j with a Portuguese 400 and changes nothing', async (body, message) => {
    const before = await lessonOf(member, 'contas-02');
    const res = await edit(admin, 'contas-02', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await lessonOf(member, 'contas-02')).toEqual(before);
  });

  it('refuses a sign-up link on a lesson that is not a partner tool', async () => {
    const res = await edit(admin, 'trafego-pago-07', { ...texts, linkUrl: 'https://exemplo.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(LESSON_LINK_NOT_ALLOWED);
    const [row] = await t.db
      .select()
      .from(beginnerMapLessons)
      .where(eq(beginnerMapLessons.id, 'trafego-pago-07'));
    expect(row).toMatchObject({ linkUrl: null, updatedAt: null, title: 'Copy para anúncios' });
  });

  it('answers 404 in Portuguese for an unknown lesson', async () => {
    const res = await edit(admin, 'nao-existe', texts);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(LESSON_NOT_FOUND);
  });
});

describe('beginner map: the player', () => {
  it('lets the page frame Panda Video’s players (CSP frame-src)', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    const frameSrc = (csp.split(';').find((d) => d.trim().startsWith('frame-src')) ?? '').trim().split(/\s+/);
    for (const source of [
      'https://*.tv.pandavideo.com.br',
      'https://*.tv.pandavideo.com',
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
    ]) {
      expect(frameSrc).toContain(source);
    }
  });
});

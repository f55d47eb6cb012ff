import { eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHttpUrl } from '../../shared/http-url';
import { videoEmbedOf } from '../../shared/live-call-embed';
import { beginnerMapLessons } from '../db/schema/index';
import { createTestApp, type TestApp } from '../testing/test-app';
import {
  DEMO_LESSON_MARK,
  DEMO_LESSON_VIDEOS,
  DEMO_PARTNER_TOOLS,
  seedDemoBeginnerMap,
} from './demo-beginner-map';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lessons = () => t.db.select().from(beginnerMapLessons).orderBy(beginnerMapLessons.id);

describe('seedDemoBeginnerMap', () => {
  it('gives some lessons each a different sample video, named as a sample, and leaves the rest without one', async () => {
    expect(await seedDemoBeginnerMap(t.db)).toBe(true);
    const rows = await lessons();
    const withVideo = rows.filter((l) => l.videoUrl);
    expect(withVideo.map((l) => l.id).sort()).toEqual(DEMO_LESSON_VIDEOS.map((l) => l.id).sort());
    const videos = withVideo.map((l) => videoEmbedOf(l.videoUrl));
    expect(videos.every((v) => v !== null)).toBe(true);
    expect(new Set(videos.map((v) => `${v?.site}:${v?.videoId}`)).size).toBe(withVideo.length);
    expect(new Set(videos.map((v) => v?.site))).toEqual(new Set(['YouTube', 'Vimeo']));
    for (const lesson of withVideo) {
      expect(lesson.description).toMatch(/Vídeo de exemplo: .+\.$/);
      expect(lesson.title.endsWith(DEMO_LESSON_MARK)).toBe(true);
    }
    expect(rows.find((l) => l.id === 'trafego-pago-01')?.title).toBe('Introdução ao tráfego pago (exemplo)');
    // Most lessons show 'Vídeo em breve', as on an install without demo content.
    expect(rows.filter((l) => !l.videoUrl).length).toBeGreaterThan(withVideo.length);
    for (const lesson of rows.filter((l) => !l.videoUrl)) {
      expect(lesson.description).not.toMatch(/Vídeo de exemplo/);
      expect(lesson.title).not.toContain(DEMO_LESSON_MARK);
    }
  });

  it('gives the three partner tools a name and a real sign-up page, said to be examples', async () => {
    const tools = await t.db
      .select()
      .from(beginnerMapLessons)
      .where(
        inArray(
          beginnerMapLessons.id,
          DEMO_PARTNER_TOOLS.map((p) => p.id),
        ),
      );
    expect(tools).toHaveLength(3);
    for (const tool of tools) {
      expect(tool.section).toBe('contas');
      expect(parseHttpUrl(tool.linkUrl ?? '')?.protocol).toBe('https:');
      expect(tool.description).toMatch(/\(Ferramenta de exemplo\.\)$/);
    }
    expect(new Set(tools.map((p) => p.linkUrl)).size).toBe(3);
  });

  it('runs once, and never over a map the administrator edited', async () => {
    const before = await lessons();
    expect(await seedDemoBeginnerMap(t.db)).toBe(false);
    expect(await lessons()).toEqual(before);

    // Everything cleared by hand, but one lesson carries an edit: still nothing.
    await t.db.update(beginnerMapLessons).set({ videoUrl: null, linkUrl: null });
    await t.db
      .update(beginnerMapLessons)
      .set({ updatedAt: new Date() })
      .where(eq(beginnerMapLessons.id, 'clonagem-04'));
    expect(await seedDemoBeginnerMap(t.db)).toBe(false);
    expect(
      await t.db.select().from(beginnerMapLessons).where(isNotNull(beginnerMapLessons.videoUrl)),
    ).toEqual([]);
  });
});

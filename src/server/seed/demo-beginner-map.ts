import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { beginnerMapLessons } from '../db/schema/index';
import { registerDemoLessons, wasDemoContentRemoved } from '../modules/demo-content/demo-content.service';

/**
 * Demo videos for some lessons: public test films and sample videos, a different one per lesson, each lesson's
 * title ending in DEMO_LESSON_MARK and its description naming the sample. The other lessons stay without a video ('Vídeo em breve'), as on a real
 * install until the administrator adds them.
 */
export const DEMO_LESSON_MARK = ' (exemplo)';

export const DEMO_LESSON_VIDEOS: ReadonlyArray<{ id: string; videoUrl: string; sample: string }> = [
  {
    id: 'trafego-pago-01',
    videoUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    sample: '"Big Buck Bunny", da Blender Foundation',
  },
  {
    id: 'trafego-pago-02',
    videoUrl: 'https://www.youtube.com/watch?v=eRsGyueVLvQ',
    sample: '"Sintel", da Blender Foundation',
  },
  {
    id: 'trafego-pago-03',
    videoUrl: 'https://www.youtube.com/watch?v=R6MlUcmOul8',
    sample: '"Tears of Steel", da Blender Foundation',
  },
  {
    id: 'trafego-pago-04',
    videoUrl: 'https://vimeo.com/76979871',
    sample: 'vídeo de apresentação do player do Vimeo',
  },
  {
    id: 'trafego-pago-05',
    videoUrl: 'https://www.youtube.com/watch?v=WhWc3b3KhnY',
    sample: '"Spring", da Blender Foundation',
  },
  {
    id: 'clonagem-01',
    videoUrl: 'https://vimeo.com/1084537',
    sample: '"Big Buck Bunny" no Vimeo',
  },
  {
    id: 'clonagem-02',
    videoUrl: 'https://www.youtube.com/watch?v=Y-rmzh0PI3c',
    sample: '"Cosmos Laundromat", da Blender Foundation',
  },
  {
    id: 'como-usar-01',
    videoUrl: 'https://www.youtube.com/watch?v=M7lc1UVf-VE',
    sample: 'vídeo de demonstração da API de player do YouTube',
  },
  {
    id: 'como-usar-02',
    videoUrl: 'https://vimeo.com/22439234',
    sample: '"The Mountain", no Vimeo',
  },
];

/** Plausible partner tools for a demo: the ad platform, a checkout platform and a host, with their sign-up pages. */
export const DEMO_PARTNER_TOOLS: ReadonlyArray<{
  id: string;
  title: string;
  description: string;
  linkUrl: string;
}> = [
  {
    id: 'contas-01',
    title: 'Meta Ads (Gerenciador de Anúncios)',
    description:
      'Crie o Business Manager e a conta de anúncios onde você vai anunciar. (Ferramenta de exemplo.)',
    linkUrl: 'https://www.facebook.com/business/tools/ads-manager',
  },
  {
    id: 'contas-02',
    title: 'Lastlink (checkout)',
    description:
      'Cadastre-se na plataforma que recebe os pagamentos das suas vendas. (Ferramenta de exemplo.)',
    linkUrl: 'https://lastlink.com',
  },
  {
    id: 'contas-03',
    title: 'Hostinger (hospedagem)',
    description: 'Contrate a hospedagem onde ficam as suas páginas clonadas. (Ferramenta de exemplo.)',
    linkUrl: 'https://www.hostinger.com.br',
  },
];

/**
 * Fills the beginner map of a new install with the demo videos and partner tools. Runs once: only while no lesson
 * was edited (no administrator edit, no video, no link); afterwards the map is left as it is.
 */
export async function seedDemoBeginnerMap(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seed_demo_beginner_map'))`);
    if (await wasDemoContentRemoved(tx)) return false;
    const touched = await tx
      .select({ id: beginnerMapLessons.id })
      .from(beginnerMapLessons)
      .where(
        or(
          isNotNull(beginnerMapLessons.updatedAt),
          isNotNull(beginnerMapLessons.videoUrl),
          isNotNull(beginnerMapLessons.linkUrl),
        ),
      )
      .limit(1);
    if (touched.length > 0) return false;
    // What each lesson says now is kept, to be put back when the demo content is removed.
    await registerDemoLessons(tx, [
      ...DEMO_LESSON_VIDEOS.map((lesson) => lesson.id),
      ...DEMO_PARTNER_TOOLS.map((tool) => tool.id),
    ]);
    for (const lesson of DEMO_LESSON_VIDEOS) {
      await tx
        .update(beginnerMapLessons)
        .set({
          videoUrl: lesson.videoUrl,
          title: sql`${beginnerMapLessons.title} || ${DEMO_LESSON_MARK}`,
          description: sql`${beginnerMapLessons.description} || ${` Vídeo de exemplo: ${lesson.sample}.`}`,
        })
        .where(and(eq(beginnerMapLessons.id, lesson.id), isNull(beginnerMapLessons.videoUrl)));
    }
    for (const tool of DEMO_PARTNER_TOOLS) {
      await tx
        .update(beginnerMapLessons)
        .set({ title: tool.title, description: tool.description, linkUrl: tool.linkUrl })
        .where(eq(beginnerMapLessons.id, tool.id));
    }
    return true;
  });
}

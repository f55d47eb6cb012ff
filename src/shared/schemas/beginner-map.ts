import { HTTP_URL_MAX_LENGTH, parseHttpUrl } from '../http-url';
import { isPandaVideoDomain, videoEmbedOf, videoLinkOf } from '../live-call-embed';
import { z } from './zod';

/**
 * The beginner's map: four cards of lessons. The fourth card's items are the partner tools: a name, a
 * sign-up link and a description (and, like any lesson, an optional tutorial video).
 */
export const BEGINNER_MAP_SECTIONS = [
  { id: 'trafego-pago', title: 'Tráfego Pago', unit: 'aulas' },
  { id: 'clonagem', title: 'Clonagem de Páginas', unit: 'itens' },
  { id: 'como-usar', title: 'Como usar o Clube', unit: 'itens' },
  { id: 'contas', title: 'Criando sua conta nas plataformas', unit: 'ferramentas parceiras' },
] as const;
export type BeginnerMapSectionId = (typeof BEGINNER_MAP_SECTIONS)[number]['id'];
export const BEGINNER_MAP_SECTION_IDS = BEGINNER_MAP_SECTIONS.map((s) => s.id) as [
  BeginnerMapSectionId,
  ...BeginnerMapSectionId[],
];
/** The section whose items are the partner tools (they carry a sign-up link). */
export const PARTNER_TOOLS_SECTION: BeginnerMapSectionId = 'contas';
/** The sections whose items are the tutorials step 2 ('Assista a todos os tutoriais') counts. */
export const TUTORIAL_SECTIONS: readonly BeginnerMapSectionId[] = ['trafego-pago', 'clonagem', 'como-usar'];
/** The steps whose progress the lessons show: step 1 counts the partner tools, step 2 the tutorials. */
export const ACCOUNTS_STEP_ID = 'criar-contas';
export const TUTORIALS_STEP_ID = 'assistir-tutoriais';

export const LESSON_NOT_FOUND = 'Aula não encontrada.';
export const STEP_NOT_FOUND = 'Passo não encontrado.';
export const LESSON_TITLE_MAX = 200;
export const LESSON_DESCRIPTION_MAX = 2000;
export const LESSON_TITLE_REQUIRED = 'O título não pode ficar vazio.';
export const LESSON_DESCRIPTION_REQUIRED = 'A descrição não pode ficar vazia.';
export const LESSON_VIDEO_INVALID =
  'O link do vídeo deve ser do YouTube, do Vimeo ou do Panda Video (ex.: https://www.youtube.com/watch?v=...).';
export const LESSON_VIDEO_PANDA_INVALID =
  'Link do Panda Video não reconhecido: copie o link do player, no formato https://player-vz-….tv.pandavideo.com.br/embed/?v=….';
export const LESSON_LINK_INVALID = 'O link da ferramenta deve ser uma URL válida (http ou https).';
export const LESSON_LINK_NOT_ALLOWED = 'Só as ferramentas parceiras têm link de cadastro.';

/** Lesson and step ids are short slugs ('trafego-pago-01', 'criar-contas'); anything else is not found. */
const itemId = z.string().max(100, { message: 'Identificador inválido.' });
export const lessonIdParam = z.object({ id: itemId });
export const stepIdParam = z.object({ id: itemId });

/** A link field: absent keeps the stored value, null or blank clears it, text is checked by `check`. */
const optionalLink = (message: string, check: (link: string) => string | null) =>
  z
    .string({ message })
    .max(HTTP_URL_MAX_LENGTH * 2, { message })
    .nullable()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const link = value === null ? '' : videoLinkOf(value);
      if (!link) return null;
      const problem = check(link);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return link;
    });

/**
 * PUT /api/admin/beginner-map/lessons/{id}: the administrator's edit. `videoUrl` is a YouTube, Vimeo or Panda
 * Video link (an `<iframe>` embed code is read for its link); `linkUrl` is a partner tool's sign-up link.
 * For both, a missing key keeps what is stored and null or '' clears it.
 */
export const beginnerMapLessonInput = z.object({
  title: z
    .string({ message: LESSON_TITLE_REQUIRED })
    .trim()
    .min(1, { message: LESSON_TITLE_REQUIRED })
    .max(LESSON_TITLE_MAX, { message: `O título deve ter no máximo ${LESSON_TITLE_MAX} caracteres.` }),
  description: z
    .string({ message: LESSON_DESCRIPTION_REQUIRED })
    .trim()
    .min(1, { message: LESSON_DESCRIPTION_REQUIRED })
    .max(LESSON_DESCRIPTION_MAX, {
      message: `A descrição deve ter no máximo ${LESSON_DESCRIPTION_MAX} caracteres.`,
    }),
  videoUrl: optionalLink(LESSON_VIDEO_INVALID, (link) => {
    if (link.length > HTTP_URL_MAX_LENGTH) return LESSON_VIDEO_INVALID;
    if (videoEmbedOf(link)) return null;
    return isPandaVideoDomain(link) ? LESSON_VIDEO_PANDA_INVALID : LESSON_VIDEO_INVALID;
  }),
  linkUrl: optionalLink(LESSON_LINK_INVALID, (link) => (parseHttpUrl(link) ? null : LESSON_LINK_INVALID)),
});
export type BeginnerMapLessonInput = z.input<typeof beginnerMapLessonInput>;
export type BeginnerMapLessonData = z.output<typeof beginnerMapLessonInput>;

export const beginnerMapStep = z.object({
  id: z.string(),
  order: z.number().int(),
  title: z.string(),
  description: z.string(),
  done: z.boolean(),
});
export type BeginnerMapStep = z.infer<typeof beginnerMapStep>;

/**
 * A lesson as a member reads it; `videoUrl` is the link as stored (the client builds the embed from it), left out when
 * the lesson has no video.
 */
export const beginnerMapLesson = z.object({
  id: z.string(),
  section: z.enum(BEGINNER_MAP_SECTION_IDS),
  order: z.number().int(),
  title: z.string(),
  description: z.string(),
  videoUrl: z.string().optional(),
  /** A partner tool's sign-up link (the 'contas' section only). */
  linkUrl: z.string().nullable(),
  done: z.boolean(),
});
export type BeginnerMapLesson = z.infer<typeof beginnerMapLesson>;

/** GET /api/beginner-map: the six steps and every lesson, in order, with the signed-in member's progress. */
export const beginnerMap = z.object({
  steps: z.array(beginnerMapStep),
  lessons: z.array(beginnerMapLesson),
});
export type BeginnerMap = z.infer<typeof beginnerMap>;

/** POST/DELETE …/{id}/done: the item's state after the call. */
export const completionResult = z.object({ id: z.string(), done: z.boolean() });
export type CompletionResult = z.infer<typeof completionResult>;

/** PUT /api/admin/beginner-map/lessons/{id}'s answer: the lesson as stored. */
export const adminBeginnerMapLesson = beginnerMapLesson.omit({ done: true }).extend({
  updatedAt: z.string().nullable(),
});
export type AdminBeginnerMapLesson = z.infer<typeof adminBeginnerMapLesson>;

import {
  COMMENT_EMPTY,
  COMMENT_MAX,
  COMMENT_TOO_LONG,
  COMMUNITY_CATEGORIAS,
  COMMUNITY_DESCRIPTION_MAX,
  COMMUNITY_FORMATOS,
  COMMUNITY_NICHOS,
  POST_DESCRIPTION_TOO_LONG,
  POST_PAGE_SIZE,
  POST_REQUIRED,
  POST_SORTS,
  POST_TITLE_MAX,
  POST_TITLE_TOO_LONG,
  PROMOTION_CATEGORIAS,
  PROMOTION_DESCRIPTION_MAX,
  PROMOTION_FORMATOS,
  PROMOTION_NICHOS,
} from '../community-constants';
import { LIKE_EXCLUSION_REASONS } from '../like-exclusion';
import { z } from './zod';

export * from '../community-constants';

type Choices = readonly [string, ...string[]];

/** A required select of a new-post form: missing or blank gets the spec's message, an unknown value its own. */
const requiredChoice = (values: Choices, invalid: string) =>
  z
    .string({ message: POST_REQUIRED })
    .trim()
    .min(1, { message: POST_REQUIRED })
    .pipe(z.enum(values, { message: invalid }));

const title = z
  .string({ message: POST_REQUIRED })
  .trim()
  .min(1, { message: POST_REQUIRED })
  .max(POST_TITLE_MAX, { message: POST_TITLE_TOO_LONG });

/** A stored image's URL (POST /api/uploads/post-image answers it), or nothing. */
const imageUrl = z
  .string()
  .trim()
  .max(2000, { message: 'Imagem inválida.' })
  .nullish()
  .transform((v) => v || null);

// ---- New posts: POST /api/community/posts and /api/divulgacao/posts (title and description required)
export const communityPostInput = z.object({
  title,
  description: z
    .string({ message: POST_REQUIRED })
    .trim()
    .min(1, { message: POST_REQUIRED })
    .max(COMMUNITY_DESCRIPTION_MAX, { message: POST_DESCRIPTION_TOO_LONG(COMMUNITY_DESCRIPTION_MAX) }),
  nicho: requiredChoice(COMMUNITY_NICHOS, 'Nicho inválido.'),
  formato: requiredChoice(COMMUNITY_FORMATOS, 'Formato inválido.'),
  categoria: requiredChoice(COMMUNITY_CATEGORIAS, 'Categoria inválida.'),
  image: imageUrl,
});
export type CommunityPostInput = z.input<typeof communityPostInput>;

/** The description is the text blocks joined by blank lines, with `[IMAGE:url]` markers for inserted images. */
export const promotionPostInput = z.object({
  title,
  description: z
    .string()
    .trim()
    .max(PROMOTION_DESCRIPTION_MAX, { message: POST_DESCRIPTION_TOO_LONG(PROMOTION_DESCRIPTION_MAX) })
    .nullish()
    .transform((v) => v ?? ''),
  nicho: requiredChoice(PROMOTION_NICHOS, 'Categoria inválida.'),
  formato: requiredChoice(PROMOTION_FORMATOS, 'Formato inválido.'),
  categoria: requiredChoice(PROMOTION_CATEGORIAS, 'Tipo inválido: escolha Vendedor ou Cliente.'),
  image: imageUrl,
});
export type PromotionPostInput = z.input<typeof promotionPostInput>;

// ---- Feeds: GET /api/community/posts and /api/divulgacao/posts (paged in the database)
const filter = (values: Choices, message: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' || v.toLowerCase() === 'todos' ? undefined : v))
    .pipe(z.enum(values, { message }).optional())
    .optional();

const feedQuery = {
  search: z.string().trim().max(200, { message: 'A busca deve ter no máximo 200 caracteres.' }).optional(),
  /** 'Meus Posts': only the caller's posts (signed in only). */
  mine: z.enum(['1', 'true', '0', 'false']).optional(),
  sort: z.enum(POST_SORTS, { message: 'Ordenação inválida.' }).default('recent'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(POST_PAGE_SIZE),
};
export const communityFeedQuery = z.object({
  ...feedQuery,
  nicho: filter(COMMUNITY_NICHOS, 'Nicho inválido.'),
  formato: filter(COMMUNITY_FORMATOS, 'Formato inválido.'),
  categoria: filter(COMMUNITY_CATEGORIAS, 'Categoria inválida.'),
});
export const promotionFeedQuery = z.object({
  ...feedQuery,
  nicho: filter(PROMOTION_NICHOS, 'Categoria inválida.'),
  formato: filter(PROMOTION_FORMATOS, 'Formato inválido.'),
  categoria: filter(PROMOTION_CATEGORIAS, 'Tipo inválido: escolha Vendedor ou Cliente.'),
});
export type FeedQuery = z.output<typeof communityFeedQuery> | z.output<typeof promotionFeedQuery>;

/** A post with its counts and the reader's own like, read with the page (no query per card). */
/**
 * Member id -> that member's current name, for each member the text's `@[Name](id)` mentions name (read from the
 * database when the answer is made). A mention is shown with this name, never the one written in the brackets; an
 * id missing here is not a member, and its markup shows as plain text.
 */
export const mentionNames = z.record(z.string(), z.string());
export type MentionNames = z.infer<typeof mentionNames>;

export const post = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  userAvatar: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  nicho: z.string(),
  formato: z.string(),
  categoria: z.string(),
  createdAt: z.string(),
  likeCount: z.number(),
  commentCount: z.number(),
  /** False for a reader who is not signed in. */
  likedByMe: z.boolean(),
  mentions: mentionNames,
});
export type Post = z.infer<typeof post>;

export const postPage = z.object({
  items: z.array(post),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Where this app's stored files are served from: [IMAGE:] markers show only post images under it. */
  imageBase: z.string(),
});
export type PostPage = z.infer<typeof postPage>;

/** Maps of post id to number (comment-counts, like-counts). */
export const postCounts = z.record(z.string(), z.number());

// ---- Comments
export const comment = z.object({
  id: z.string(),
  postId: z.string(),
  userId: z.string(),
  userName: z.string(),
  userAvatar: z.string().nullable(),
  content: z.string(),
  /** The top-level comment a reply belongs to; null for a top-level comment. */
  parentId: z.string().nullable(),
  likes: z.number(),
  isLiked: z.boolean(),
  createdAt: z.string(),
  mentions: mentionNames,
});
export type Comment = z.infer<typeof comment>;
export const commentList = z.array(comment);

export const commentInput = z.object({
  content: z
    .string({ message: COMMENT_EMPTY })
    .trim()
    .min(1, { message: COMMENT_EMPTY })
    .max(COMMENT_MAX, { message: COMMENT_TOO_LONG }),
  /** Reply to this comment (a reply to a reply attaches to its top-level comment). */
  parentId: z.uuid({ message: 'Comentário inválido.' }).nullish(),
});
export type CommentInput = z.input<typeof commentInput>;

// ---- Profile modal and monthly ranking
export const userPublicProfile = z.object({
  name: z.string(),
  avatar: z.string().nullable(),
  uniqueId: z.string(),
  instagram: z.string().nullable(),
  totalLikesReceived: z.number(),
  /** ISO date of the account's creation ('Membro desde' month and year). */
  memberSince: z.string(),
});
export type UserPublicProfile = z.infer<typeof userPublicProfile>;

export const rankingEntry = z.object({
  id: z.string(),
  position: z.number(),
  name: z.string(),
  avatar: z.string().nullable(),
  instagram: z.string().nullable(),
  monthlyLikes: z.number(),
});
export type RankingEntry = z.infer<typeof rankingEntry>;
export const monthlyRanking = z.array(rankingEntry);

export const postIdParam = z.object({ id: z.uuid({ message: 'Post inválido.' }) });
export const postIdParamAsPostId = z.object({ postId: z.uuid({ message: 'Post inválido.' }) });
export const commentIdParam = z.object({ id: z.uuid({ message: 'Comentário inválido.' }) });
export const userIdParam = z.object({ userId: z.uuid({ message: 'Usuário inválido.' }) });

/** `?ids=a,b,c` of the count maps: trimmed, deduplicated, at most 500; absent means the newest posts. */
export const postCountsQuery = z.object({
  ids: z
    .string()
    .max(20_000)
    .transform((v) => [...new Set(v.split(',').map((id) => id.trim()))].filter(Boolean))
    .pipe(
      z
        .array(z.uuid({ message: 'Post inválido.' }))
        .max(500, { message: 'Envie no máximo 500 posts por vez.' }),
    )
    .optional(),
});

// ---- The @mention picker: GET /api/community/members?query=
export const MEMBER_QUERY_MAX = 50;
/** The name typed after `@`: 1-50 characters once trimmed. */
export const memberSearchQuery = z.object({
  query: z
    .string({ message: 'Digite o nome do membro.' })
    .trim()
    .min(1, { message: 'Digite o nome do membro.' })
    .max(MEMBER_QUERY_MAX, { message: `A busca deve ter no máximo ${MEMBER_QUERY_MAX} caracteres.` }),
});
/** Up to 8 active members, as a post's author is shown (name and avatar). */
export const memberSearchResult = z.object({
  members: z.array(z.object({ id: z.string(), name: z.string(), avatarUrl: z.string().optional() })),
});
export type MemberSearchResult = z.infer<typeof memberSearchResult>;
export type MentionCandidate = MemberSearchResult['members'][number];

// ---- The administrator's review of the monthly ranking's likes (issue #28)
export const RANKING_MONTH_INVALID = 'Mês inválido: use o formato AAAA-MM.';
export const RANKING_MONTH_NOT_STARTED = 'Esse mês ainda não começou.';
const rankingMonth = z
  .string({ message: RANKING_MONTH_INVALID })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, RANKING_MONTH_INVALID);
export const rankingReviewQuery = z.object({ month: rankingMonth });
/** `GET /api/ranking/monthly?month=YYYY-MM`: a past month's frozen ranking; absent, the current month. */
export const monthlyRankingQuery = z.object({ month: rankingMonth.optional() });
export const rankingReview = z.object({
  entries: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      counted: z.number(),
      excluded: z.array(z.object({ reason: z.enum(LIKE_EXCLUSION_REASONS), count: z.number() })),
      /** The administrator's decision on the member's likes this month; null: the rules decide. */
      decision: z.enum(['count', 'exclude']).nullable(),
    }),
  ),
});
export type RankingReview = z.infer<typeof rankingReview>;

export const RANKING_MONTH_CLOSED = 'O ranking desse mês já foi encerrado.';
export const RANKING_DECISION_INVALID = "Decisão inválida: use 'count', 'exclude' ou null.";
/** `decision` null removes the administrator's decision: the rules decide again ('Voltar às regras'). */
export const rankingOverrideInput = z.object({
  month: rankingMonth,
  userId: z.uuid({ message: 'Usuário inválido.' }),
  decision: z.enum(['count', 'exclude'], { message: RANKING_DECISION_INVALID }).nullable(),
});
export type RankingOverrideInput = z.infer<typeof rankingOverrideInput>;
export const RANKING_DECISION_SAVED = 'Decisão registrada.';
export const RANKING_DECISION_CLEARED = 'Decisão removida: as regras decidem.';

/** The most months `GET /api/ranking/months` offers (three years). */
export const RANKING_MONTHS_MAX = 36;
/**
 * `GET /api/ranking/months`: the months whose ranking a member can open, newest first: the current São Paulo month
 * back to the month of the club's first ranked like (or its first frozen month, if earlier), at most 36.
 */
export const rankingMonthList = z.object({ months: z.array(z.string()) });
export type RankingMonthList = z.infer<typeof rankingMonthList>;

/**
 * The community feed's and the promotion board's enumerations, labels, limits and messages, without Zod (screens
 * that only show posts import these); src/shared/schemas/community.ts re-exports them for the schemas.
 * The new-post forms' fields and messages, the community and promotion categories, and their limits.
 */

// ---- Community posts ('Comunidade', /publicar-post)
export const COMMUNITY_NICHOS = [
  'Renda Extra',
  'Sexualidade',
  'Espiritualidade',
  'Emagrecimento',
  'Saúde',
  'Nicho Hot',
  'Outros',
] as const;
/** Not listed by the spec: the offers' formats (the club's ads are VSLs, quizzes, sales pages...). */
export const COMMUNITY_FORMATOS = ['VSL', 'Typebot', 'WhatsApp', 'Quiz', 'Página de Vendas'] as const;
export const COMMUNITY_CATEGORIAS = [
  'E-Commerce',
  'Dropshipping',
  'Marketing Direto',
  'X1 WhatsApp',
] as const;

// ---- Promotion posts ('Divulgação', /publicar-divulgacao). The feed's "category" filter is nicho, "type" categoria.
export const PROMOTION_NICHOS = [
  'Serviço',
  'Sites',
  'Outros',
  'Contingência',
  'Criativos',
  'SaaS',
  'Copy',
  'Inteligência Artificial',
  'Programação',
  'Edição de Vídeo',
  'VSL',
  'TypeBot',
  'WhatsApp',
  'Quiz',
  'Página de Vendas',
] as const;
export const PROMOTION_FORMATOS = ['Texto', 'Vídeo', 'Imagem', 'Arquivo', 'Link'] as const;
export const PROMOTION_CATEGORIAS = ['Vendedor', 'Cliente'] as const;

export const POST_SORTS = ['recent', 'oldest'] as const;
export type PostSort = (typeof POST_SORTS)[number];
export const POST_SORT_LABELS: Record<PostSort, string> = {
  recent: 'Mais Recentes',
  oldest: 'Mais Antigos',
};

// ---- Limits
/** Feed cards cut descriptions here ('ver mais' / 'ver menos'). */
export const DESCRIPTION_PREVIEW_CHARS = 150;
export const POST_TITLE_MAX = 200;
export const COMMUNITY_DESCRIPTION_MAX = 5_000;
/** Text blocks joined by blank lines plus the [IMAGE:url] markers. */
export const PROMOTION_DESCRIPTION_MAX = 20_000;
export const COMMENT_MAX = 2_000;
export const POST_PAGE_SIZE = 20;
export const POST_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const POST_IMAGE_HINT = 'PNG, JPG até 10MB';

// ---- Messages (the spec's where it has one)
export const POST_REQUIRED = 'Por favor, preencha todos os campos obrigatórios.';
export const POST_TITLE_TOO_LONG = `O título deve ter no máximo ${POST_TITLE_MAX} caracteres.`;
export const POST_DESCRIPTION_TOO_LONG = (max: number) => `A descrição deve ter no máximo ${max} caracteres.`;
export const POST_IMAGE_TOO_LARGE = 'A imagem deve ter no máximo 10MB';
export const POST_IMAGE_BAD_TYPE = 'Apenas imagens PNG, JPG ou WebP são aceitas (até 10MB).';
export const POST_IMAGE_MISSING = 'Selecione uma imagem (PNG, JPG até 10MB).';
export const POST_IMAGE_INVALID = 'Imagem inválida: envie a imagem pelo formulário (PNG, JPG até 10MB).';
export const COMMENT_EMPTY = 'O comentário não pode estar vazio.';
export const COMMENT_TOO_LONG = `O comentário deve ter no máximo ${COMMENT_MAX} caracteres.`;
export const POST_NOT_FOUND = 'Post não encontrado.';
export const COMMENT_NOT_FOUND = 'Comentário não encontrado.';
export const POST_DELETE_FORBIDDEN = 'Você não tem permissão para deletar este post.';
export const COMMENT_DELETE_FORBIDDEN = 'Você não tem permissão para excluir este comentário.';
export const POST_DELETED = 'O post foi removido com sucesso.';
export const COMMENT_DELETED = 'Seu comentário foi removido com sucesso';
export const USER_NOT_FOUND = 'Usuário não encontrado.';
export const LOGIN_TO_SEE_MINE = 'Faça login para ver seus posts.';

/** `[IMAGE:url]`: an inline image of a promotion post's description. */
export const IMAGE_MARKER_RE = /\[IMAGE:([^\]\r\n]*)\]/g;

/**
 * The creative factory's four templates, its form and the form's defaults.
 * The spec's preview images are placeholder paths that are never fetched: the template cards draw a small
 * mock-up in CSS instead, and Generate draws the real image on a <canvas>.
 */

export const CREATIVE_CATEGORIES = ['Banner', 'Social', 'Story', 'Ads'] as const;
export type CreativeCategory = (typeof CREATIVE_CATEGORIES)[number];
export const CATEGORY_FILTERS = ['Todos', ...CREATIVE_CATEGORIES] as const;
export type CategoryFilter = (typeof CATEGORY_FILTERS)[number];

export type CreativeTemplateId = 'banner-promo' | 'post-social' | 'story-instagram' | 'anuncio-facebook';

export interface CreativeTemplate {
  id: CreativeTemplateId;
  name: string;
  category: CreativeCategory;
  description: string;
  /** Size of the generated PNG, in pixels. */
  width: number;
  height: number;
  /** The spec's placeholder path (never fetched; kept as the template's declared preview). */
  preview: string;
}

const template = (t: Omit<CreativeTemplate, 'preview'>): CreativeTemplate => ({
  ...t,
  preview: `/api/placeholder/${t.width}/${t.height}`,
});

export const CREATIVE_TEMPLATES: readonly CreativeTemplate[] = [
  template({
    id: 'banner-promo',
    name: 'Banner Promocional',
    category: 'Banner',
    description: 'Faixa horizontal para sites e páginas de vendas.',
    width: 1200,
    height: 400,
  }),
  template({
    id: 'post-social',
    name: 'Post para Redes Sociais',
    category: 'Social',
    description: 'Post quadrado para o feed.',
    width: 1080,
    height: 1080,
  }),
  template({
    id: 'story-instagram',
    name: 'Story do Instagram',
    category: 'Story',
    description: 'Tela cheia vertical para stories e reels.',
    width: 1080,
    height: 1920,
  }),
  template({
    id: 'anuncio-facebook',
    name: 'Anúncio do Facebook',
    category: 'Ads',
    description: 'Imagem de anúncio no formato de link do feed.',
    width: 1200,
    height: 628,
  }),
];

export const filterTemplates = (filter: CategoryFilter): readonly CreativeTemplate[] =>
  filter === 'Todos' ? CREATIVE_TEMPLATES : CREATIVE_TEMPLATES.filter((t) => t.category === filter);

export const FONT_FAMILIES = ['Inter', 'Nunito', 'Roboto', 'Montserrat'] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];
export const FONT_SIZES = [12, 14, 16, 18, 20, 24] as const;
export type FontSize = (typeof FONT_SIZES)[number];

/**
 * The fonts as the canvas asks for them. Nothing is downloaded (no outside request): the chosen family is used
 * when it is installed on the member's computer, else the nearest system font of the stack.
 */
export const FONT_STACKS: Record<FontFamily, string> = {
  Inter: '"Inter", "Segoe UI", "Helvetica Neue", Arial, "DejaVu Sans", sans-serif',
  Nunito: '"Nunito", "Varela Round", "Segoe UI", Arial, "DejaVu Sans", sans-serif',
  Roboto: '"Roboto", "Segoe UI", Arial, "DejaVu Sans", sans-serif',
  Montserrat: '"Montserrat", "Century Gothic", "Segoe UI", Arial, "DejaVu Sans", sans-serif',
};

export interface CreativeForm {
  name: string;
  text: string;
  primaryColor: string;
  secondaryColor: string;
  fontFamily: FontFamily;
  fontSize: FontSize;
}

export const DEFAULT_CREATIVE_FORM: CreativeForm = {
  name: '',
  text: '',
  primaryColor: '#ff0000',
  secondaryColor: '#000000',
  fontFamily: 'Inter',
  fontSize: 16,
};

export const CREATIVE_NAME_MAX = 120;
export const CREATIVE_TEXT_MAX = 600;

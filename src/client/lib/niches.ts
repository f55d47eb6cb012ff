/** Niches of the creation screens: the VSL form's list; the product adds 'Marketing'. */
export const VSL_NICHES = [
  'Saúde',
  'Dinheiro',
  'Relacionamentos',
  'Beleza',
  'Espiritualidade',
  'Educação',
  'Tecnologia',
] as const;
export type VslNiche = (typeof VSL_NICHES)[number];

export const PRODUCT_NICHES = [...VSL_NICHES, 'Marketing'] as const;
export type ProductNiche = (typeof PRODUCT_NICHES)[number];

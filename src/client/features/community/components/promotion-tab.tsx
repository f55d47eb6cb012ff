import { PROMOTION_CATEGORIAS, PROMOTION_NICHOS } from '../../../../shared/community-constants';
import { PROMOTION_BOARD } from '../api/board';
import type { FilterSpec } from './feed-filters';
import { FeedScreen } from './feed-screen';

// The promotion feed: the category filter is the post's nicho, the type (Vendedor / Cliente) its categoria.
const SPECS: FilterSpec[] = [
  { key: 'nicho', label: 'Categoria', all: 'Categoria: todas', options: PROMOTION_NICHOS },
  { key: 'categoria', label: 'Tipo', all: 'Tipo: todos', options: PROMOTION_CATEGORIAS },
];

/** Dashboard tab 'divulgacao': services and requests between members. */
export default function PromotionTab() {
  return (
    <FeedScreen
      board={PROMOTION_BOARD}
      specs={SPECS}
      searchLabel="Buscar divulgações"
      intro="Ofereça seus serviços ou encontre quem faça: sites, criativos, copy, VSL e mais."
    />
  );
}

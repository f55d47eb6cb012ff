import {
  COMMUNITY_CATEGORIAS,
  COMMUNITY_FORMATOS,
  COMMUNITY_NICHOS,
} from '../../../../shared/community-constants';
import { COMMUNITY_BOARD } from '../api/board';
import type { FilterSpec } from './feed-filters';
import { FeedScreen } from './feed-screen';

const SPECS: FilterSpec[] = [
  { key: 'nicho', label: 'Nicho', all: 'Nicho: todos', options: COMMUNITY_NICHOS },
  { key: 'formato', label: 'Formato', all: 'Formato: todos', options: COMMUNITY_FORMATOS },
  { key: 'categoria', label: 'Categoria', all: 'Categoria: todas', options: COMMUNITY_CATEGORIAS },
];

/** Dashboard tab 'comunidade': the community feed. */
export default function CommunityTab() {
  return (
    <FeedScreen
      board={COMMUNITY_BOARD}
      specs={SPECS}
      searchLabel="Buscar publicações"
      intro="Compartilhe resultados, tire dúvidas e curta as publicações dos outros membros."
    />
  );
}

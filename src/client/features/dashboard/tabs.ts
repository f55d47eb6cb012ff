import {
  BadgeCheck,
  Clapperboard,
  Copy,
  EyeOff,
  Factory,
  Gauge,
  Heart,
  Images,
  Layers,
  Library,
  Lock,
  type LucideIcon,
  Map as MapIcon,
  Megaphone,
  Package,
  Search,
  ShieldOff,
  TrendingUp,
  Trophy,
  Upload,
  Users,
  Video,
} from 'lucide-react';

export const TAB_IDS = [
  'ofertas-escaladas',
  'favoritos',
  'subir-oferta',
  'comunidade',
  'divulgacao',
  'ranking',
  'calls-ao-vivo',
  'slug-checker',
  'quebrar-cloaker',
  'clonador',
  'creative-masker',
  'image-masker',
  'criptografar-texto',
  'organizador-bibliotecas',
  'otimizador-campanhas',
  'validador-criativo',
  'mapa-iniciante',
  'fabrica-criativos',
  'gerador-vsl',
  'criador-produtos',
  'criador-upsells',
] as const;
export type TabId = (typeof TAB_IDS)[number];

export const DEFAULT_TAB: TabId = 'ofertas-escaladas';

export type TabGroup = 'Primeiros Passos' | 'Ofertas' | 'Comunidade' | 'Ferramentas' | 'Análise' | 'Criação';

export interface DashboardTab {
  id: TabId;
  /** Sidebar label. */
  label: string;
  /** Header title and subtitle while the tab is open. */
  title: string;
  subtitle: string;
  icon: LucideIcon;
  group: TabGroup;
  /** Disabled in the sidebar with an 'Em breve' badge (spec 01 §2). */
  comingSoon: boolean;
}

/** Every dashboard tab, in sidebar order. */
export const DASHBOARD_TABS: readonly DashboardTab[] = [
  {
    id: 'ofertas-escaladas',
    label: 'Ofertas Escaladas',
    title: 'Ofertas Escaladas',
    subtitle: 'As ofertas que mais estão escalando agora',
    icon: TrendingUp,
    group: 'Ofertas',
    comingSoon: false,
  },
  {
    id: 'favoritos',
    label: 'Favoritos',
    title: 'Favoritos',
    subtitle: 'As ofertas que você salvou para acompanhar',
    icon: Heart,
    group: 'Ofertas',
    comingSoon: false,
  },
  {
    id: 'subir-oferta',
    label: 'Subir Oferta',
    title: 'Subir Oferta',
    subtitle: 'Envie uma oferta escalada para revisão e ganhe 10 pontos quando aprovada',
    icon: Upload,
    group: 'Ofertas',
    comingSoon: false,
  },
  {
    id: 'comunidade',
    label: 'Comunidade',
    title: 'Comunidade',
    subtitle: 'Troque experiências e resultados com os membros do clube',
    icon: Users,
    group: 'Comunidade',
    comingSoon: false,
  },
  {
    id: 'divulgacao',
    label: 'Divulgação',
    title: 'Divulgação',
    subtitle: 'Divulgue seus serviços e encontre parceiros e clientes',
    icon: Megaphone,
    group: 'Comunidade',
    comingSoon: false,
  },
  {
    id: 'ranking',
    label: 'Ranking',
    title: 'Ranking do Mês',
    subtitle: 'Os membros mais curtidos do mês concorrem a prêmios em dinheiro',
    icon: Trophy,
    group: 'Comunidade',
    comingSoon: false,
  },
  {
    id: 'calls-ao-vivo',
    label: 'Calls ao Vivo',
    title: 'Calls ao Vivo',
    subtitle: 'Mentorias ao vivo toda quinta-feira às 20h e as gravações anteriores',
    icon: Video,
    group: 'Comunidade',
    comingSoon: false,
  },
  {
    id: 'slug-checker',
    label: 'Espião de Slugs',
    title: 'Espião de Slugs',
    subtitle: 'Descubra URLs ativas e páginas ocultas de um domínio',
    icon: Search,
    group: 'Ferramentas',
    comingSoon: false,
  },
  {
    id: 'quebrar-cloaker',
    label: 'Quebrar Cloaker',
    title: 'Quebrar Cloaker',
    subtitle: 'Veja a página real que está por trás de um cloaker',
    icon: ShieldOff,
    group: 'Ferramentas',
    comingSoon: false,
  },
  {
    id: 'clonador',
    label: 'Clonador de Sites',
    title: 'Clonador de Sites',
    subtitle: 'Clone uma página e baixe tudo em um arquivo ZIP',
    icon: Copy,
    group: 'Ferramentas',
    comingSoon: false,
  },
  {
    id: 'creative-masker',
    label: 'Mascarar Criativo',
    title: 'Mascarar Criativo',
    subtitle: 'Proteja seu criativo de imagem ou vídeo antes de anunciar',
    icon: EyeOff,
    group: 'Ferramentas',
    comingSoon: false,
  },
  {
    id: 'image-masker',
    label: 'Ocultar Criativo',
    title: 'Ocultar Criativo',
    subtitle: 'Esconda um criativo dentro de outra imagem',
    icon: Images,
    group: 'Ferramentas',
    comingSoon: false,
  },
  {
    id: 'criptografar-texto',
    label: 'Criptografar Texto',
    title: 'Criptografar Texto',
    subtitle: 'Ofusque textos de anúncios para evitar bloqueios',
    icon: Lock,
    group: 'Ferramentas',
    comingSoon: false,
  },
  {
    id: 'organizador-bibliotecas',
    label: 'Organizador de Bibliotecas',
    title: 'Organizador de Bibliotecas',
    subtitle: 'Acompanhe bibliotecas de anúncios dia a dia',
    icon: Library,
    group: 'Ferramentas',
    comingSoon: false,
  },
  {
    id: 'otimizador-campanhas',
    label: 'Otimizador de Campanhas',
    title: 'Otimizador de Campanhas',
    subtitle: 'Análise automática do funil e dos resultados da sua campanha',
    icon: Gauge,
    group: 'Análise',
    comingSoon: false,
  },
  {
    id: 'validador-criativo',
    label: 'Validador de Criativo',
    title: 'Validador de Criativo',
    subtitle: 'Análise automática dos seus criativos antes de subir',
    icon: BadgeCheck,
    group: 'Análise',
    comingSoon: false,
  },
  {
    id: 'mapa-iniciante',
    label: 'Mapa do Iniciante',
    title: 'Mapa do Iniciante',
    subtitle: 'O passo a passo com vídeos para começar do zero',
    icon: MapIcon,
    group: 'Primeiros Passos',
    comingSoon: false,
  },
  {
    id: 'fabrica-criativos',
    label: 'Fábrica de Criativos',
    title: 'Fábrica de Criativos',
    subtitle: 'Gere imagens para anúncios, posts e stories a partir de modelos prontos',
    icon: Factory,
    group: 'Criação',
    comingSoon: false,
  },
  {
    id: 'gerador-vsl',
    label: 'Gerador de VSL',
    title: 'Gerador de VSL',
    subtitle: 'Crie roteiros de vídeo de vendas',
    icon: Clapperboard,
    group: 'Criação',
    comingSoon: false,
  },
  {
    id: 'criador-produtos',
    label: 'Criador de Produtos',
    title: 'Criador de Produtos',
    subtitle: 'Estruture um produto digital do zero',
    icon: Package,
    group: 'Criação',
    comingSoon: false,
  },
  {
    id: 'criador-upsells',
    label: 'Criador de Upsells',
    title: 'Criador de Upsells',
    subtitle: 'Monte ofertas complementares para aumentar o ticket',
    icon: Layers,
    group: 'Criação',
    comingSoon: false,
  },
];

export const TAB_GROUPS: readonly TabGroup[] = [
  'Primeiros Passos',
  'Ofertas',
  'Comunidade',
  'Ferramentas',
  'Análise',
  'Criação',
];

export function isTabId(value: unknown): value is TabId {
  return typeof value === 'string' && (TAB_IDS as readonly string[]).includes(value);
}

export function findTab(id: TabId): DashboardTab {
  return DASHBOARD_TABS.find((tab) => tab.id === id) ?? DASHBOARD_TABS[0]!;
}

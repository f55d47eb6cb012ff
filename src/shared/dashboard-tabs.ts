/**
 * The dashboard's tabs, one entry each, in sidebar order: the sidebar, the header, the `?tab=` ids, the code each tab
 * loads (the dashboard imports `src/client/features/<screen>.tsx` by this name) and the chunk the server names in the
 * HTML for a URL opening that tab all come from here. Adding a tab is one entry here and its screen component (a
 * new icon also needs its import in the client's tabs.ts, which the type checker asks for).
 *
 * Only the dashboard's chunk and the server import this table: the client entry stays small (/login's budget).
 */
export const TAB_TABLE = [
  {
    id: 'ofertas-escaladas',
    label: 'Ofertas Escaladas',
    subtitle: 'As ofertas que mais estão escalando agora',
    icon: 'TrendingUp',
    group: 'Ofertas',
    screen: 'offers/offers-tab',
  },
  {
    id: 'favoritos',
    label: 'Favoritos',
    subtitle: 'As ofertas que você salvou para acompanhar',
    icon: 'Heart',
    group: 'Ofertas',
    screen: 'offers/favorites-tab',
  },
  {
    id: 'subir-oferta',
    label: 'Subir Oferta',
    subtitle: 'Envie uma oferta escalada para revisão e ganhe 10 pontos quando aprovada',
    icon: 'Upload',
    group: 'Ofertas',
    screen: 'user-offers/submit-offer-tab',
  },
  {
    id: 'comunidade',
    label: 'Comunidade',
    subtitle: 'Troque experiências e resultados com os membros do clube',
    icon: 'Users',
    group: 'Comunidade',
    screen: 'community/community-tab',
  },
  {
    id: 'divulgacao',
    label: 'Divulgação',
    subtitle: 'Divulgue seus serviços e encontre parceiros e clientes',
    icon: 'Megaphone',
    group: 'Comunidade',
    screen: 'community/promotion-tab',
  },
  {
    id: 'ranking',
    label: 'Ranking',
    title: 'Ranking do Mês',
    subtitle: 'Os membros mais curtidos do mês concorrem a prêmios em dinheiro',
    icon: 'Trophy',
    group: 'Comunidade',
    screen: 'community/ranking-tab',
  },
  {
    id: 'calls-ao-vivo',
    label: 'Calls ao Vivo',
    subtitle: 'Mentorias ao vivo toda quinta-feira às 20h e as gravações anteriores',
    icon: 'Video',
    group: 'Comunidade',
    screen: 'live-calls/live-calls-tab',
  },
  {
    id: 'slug-checker',
    label: 'Espião de Slugs',
    subtitle: 'Descubra URLs ativas e páginas ocultas de um domínio',
    icon: 'Search',
    group: 'Ferramentas',
    screen: 'slug-checker/slug-checker-tab',
  },
  {
    id: 'quebrar-cloaker',
    label: 'Quebrar Cloaker',
    subtitle: 'Veja a página real que está por trás de um cloaker',
    icon: 'ShieldOff',
    group: 'Ferramentas',
    screen: 'cloaker-breaker/cloaker-breaker-tab',
  },
  {
    id: 'clonador',
    label: 'Clonador de Sites',
    subtitle: 'Clone uma página e baixe tudo em um arquivo ZIP',
    icon: 'Copy',
    group: 'Ferramentas',
    screen: 'cloner/cloner-tab',
  },
  {
    id: 'creative-masker',
    label: 'Mascarar Criativo',
    subtitle: 'Proteja seu criativo de imagem ou vídeo antes de anunciar',
    icon: 'EyeOff',
    group: 'Ferramentas',
    screen: 'creative-masker/creative-masker-tab',
  },
  {
    id: 'image-masker',
    label: 'Ocultar Criativo',
    subtitle: 'Esconda um criativo dentro de outra imagem',
    icon: 'Images',
    group: 'Ferramentas',
    screen: 'creative-masker/image-hider-tab',
  },
  {
    id: 'criptografar-texto',
    label: 'Criptografar Texto',
    subtitle: 'Ofusque textos de anúncios para evitar bloqueios',
    icon: 'Lock',
    group: 'Ferramentas',
    screen: 'text-encryptor/text-encryptor-tab',
  },
  {
    id: 'organizador-bibliotecas',
    label: 'Organizador de Bibliotecas',
    subtitle: 'Acompanhe bibliotecas de anúncios dia a dia',
    icon: 'Library',
    group: 'Ferramentas',
    screen: 'library-organizer/library-organizer-tab',
  },
  {
    id: 'otimizador-campanhas',
    label: 'Otimizador de Campanhas',
    subtitle: 'Análise automática do funil e dos resultados da sua campanha',
    icon: 'Gauge',
    group: 'Análise',
    screen: 'campaign-optimizer/campaign-optimizer-tab',
  },
  {
    id: 'validador-criativo',
    label: 'Validador de Criativo',
    subtitle: 'Análise automática dos seus criativos antes de subir',
    icon: 'BadgeCheck',
    group: 'Análise',
    screen: 'creative-validator/creative-validator-tab',
  },
  {
    id: 'mapa-iniciante',
    label: 'Mapa do Iniciante',
    subtitle: 'O passo a passo com vídeos para começar do zero',
    icon: 'Map',
    group: 'Primeiros Passos',
    screen: 'beginner-map/beginner-map-tab',
  },
  {
    id: 'fabrica-criativos',
    label: 'Fábrica de Criativos',
    subtitle: 'Gere imagens para anúncios, posts e stories a partir de modelos prontos',
    icon: 'Factory',
    group: 'Criação',
    screen: 'creative-factory/creative-factory-tab',
  },
  {
    id: 'gerador-vsl',
    label: 'Gerador de VSL',
    subtitle: 'Crie roteiros de vídeo de vendas',
    icon: 'Clapperboard',
    group: 'Criação',
    screen: 'vsl-generator/vsl-generator-tab',
  },
  {
    id: 'criador-produtos',
    label: 'Criador de Produtos',
    subtitle: 'Estruture um produto digital do zero',
    icon: 'Package',
    group: 'Criação',
    screen: 'product-creator/product-creator-tab',
  },
  {
    id: 'criador-upsells',
    label: 'Criador de Upsells',
    subtitle: 'Monte ofertas complementares para aumentar o ticket',
    icon: 'Layers',
    group: 'Criação',
    screen: 'upsell-creator/upsell-creator-tab',
  },
] as const satisfies readonly TabEntry[];

export type TabGroup = 'Primeiros Passos' | 'Ofertas' | 'Comunidade' | 'Ferramentas' | 'Análise' | 'Criação';

/** The sidebar's groups, in order. */
export const TAB_GROUPS: readonly TabGroup[] = [
  'Primeiros Passos',
  'Ofertas',
  'Comunidade',
  'Ferramentas',
  'Análise',
  'Criação',
];

export interface TabEntry {
  /** The tab's id in `?tab=` and in the browser's stored tab. */
  id: string;
  /** Sidebar label, and the header's title while the tab is open unless `title` says otherwise. */
  label: string;
  title?: string;
  /** The header's subtitle while the tab is open. */
  subtitle: string;
  /** A lucide-react icon's name (the client's tabs.ts maps it to the component). */
  icon: string;
  group: TabGroup;
  /** The screen: `<feature>/<file>` under src/client/features/<feature>/components/, its default export. */
  screen: `${string}/${string}`;
  /** Shown disabled in the sidebar with an 'Em breve' badge, and never opened by `?tab=`. */
  comingSoon?: boolean;
}

export type TabId = (typeof TAB_TABLE)[number]['id'];
export type TabIconName = (typeof TAB_TABLE)[number]['icon'];

export const TAB_IDS: readonly TabId[] = TAB_TABLE.map((tab) => tab.id);

/** The tab /dashboard opens without `?tab=` or a stored tab: the catalogue. */
export const DEFAULT_TAB: TabId = 'ofertas-escaladas';

/** A tab's screen module, from the project's root (for the server's build manifest lookups). */
export function tabSourceOf(tab: Pick<TabEntry, 'screen'>): string {
  const [feature, file] = tab.screen.split('/');
  return `src/client/features/${feature}/components/${file}.tsx`;
}

/**
 * The code of the tab a dashboard URL opens with: the one `?tab=` names, else the catalogue (an unknown or coming-soon
 * id opens the default tab; without `?tab=` the browser's stored tab is unknown here, and the catalogue is the default).
 */
export function dashboardTabSourceOf(search: URLSearchParams): string {
  const id = search.get('tab');
  const opens = (entry: TabEntry) => entry.id === id && !entry.comingSoon;
  const tab = TAB_TABLE.find(opens) ?? TAB_TABLE.find((entry) => entry.id === DEFAULT_TAB);
  return tabSourceOf(tab ?? TAB_TABLE[0]);
}

import { CATALOGUE_TAB_SOURCE } from './first-screen';

/*
 * Apart from first-screen.ts because only the server reads it: the client's entry imports first-screen.ts, and this
 * table would add to /login's first load (its budget is 100 KB).
 */
const TOOL = (feature: string, file: string) => `src/client/features/${feature}/components/${file}.tsx`;
/**
 * Each dashboard tab's code by its id in `?tab=` (the dashboard's TAB_LOADERS import the same modules; a test
 * holds the two together). The server names the opening tab's chunk in the HTML, so a member opening a shared
 * link to, say, the community downloads that tab's code with the dashboard's instead of after it.
 */
export const TAB_SOURCES: Readonly<Record<string, string>> = {
  'ofertas-escaladas': CATALOGUE_TAB_SOURCE,
  favoritos: TOOL('offers', 'favorites-tab'),
  'subir-oferta': TOOL('user-offers', 'submit-offer-tab'),
  'slug-checker': TOOL('slug-checker', 'slug-checker-tab'),
  comunidade: TOOL('community', 'community-tab'),
  ranking: TOOL('community', 'ranking-tab'),
  divulgacao: TOOL('community', 'promotion-tab'),
  clonador: TOOL('cloner', 'cloner-tab'),
  'criptografar-texto': TOOL('text-encryptor', 'text-encryptor-tab'),
  'creative-masker': TOOL('creative-masker', 'creative-masker-tab'),
  'image-masker': TOOL('creative-masker', 'image-hider-tab'),
  'organizador-bibliotecas': TOOL('library-organizer', 'library-organizer-tab'),
  'quebrar-cloaker': TOOL('cloaker-breaker', 'cloaker-breaker-tab'),
  'otimizador-campanhas': TOOL('campaign-optimizer', 'campaign-optimizer-tab'),
  'validador-criativo': TOOL('creative-validator', 'creative-validator-tab'),
  'calls-ao-vivo': TOOL('live-calls', 'live-calls-tab'),
  'mapa-iniciante': TOOL('beginner-map', 'beginner-map-tab'),
  'fabrica-criativos': TOOL('creative-factory', 'creative-factory-tab'),
  'gerador-vsl': TOOL('vsl-generator', 'vsl-generator-tab'),
  'criador-produtos': TOOL('product-creator', 'product-creator-tab'),
  'criador-upsells': TOOL('upsell-creator', 'upsell-creator-tab'),
};

/**
 * The code of the tab a dashboard URL opens with: the one `?tab=` names, else the catalogue (an unknown id opens
 * the default tab; without `?tab=` the browser's stored tab is unknown here, and the catalogue is the default).
 */
export function dashboardTabSourceOf(search: URLSearchParams): string {
  const tab = search.get('tab');
  return (
    (tab !== null && Object.hasOwn(TAB_SOURCES, tab) ? TAB_SOURCES[tab] : undefined) ?? CATALOGUE_TAB_SOURCE
  );
}

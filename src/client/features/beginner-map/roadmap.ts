/**
 * The beginner map's fixed content (spec 02 "Beginner's Map", §9): six roadmap steps, always shown as not
 * completed, and four cards of topics. A topic with a video opens the tutorial modal.
 */

export interface TutorialTopic {
  title: string;
  description: string;
  /** YouTube video id; a topic without one is listed but not clickable. */
  videoId?: string;
}

export interface TopicCard {
  id: string;
  title: string;
  /** What the card counts, e.g. '13 aulas'. */
  countLabel: string;
  topics: readonly TutorialTopic[];
}

/**
 * Spec 02: "Many topics map to the same placeholder video." The club has not published its lesson videos;
 * every topic plays this one until each gets its own id here (the YouTube player API's demonstration video,
 * a stable public video used as a placeholder).
 */
export const PLACEHOLDER_VIDEO_ID = 'M7lc1UVf-VE';

/** The player's address: privacy-enhanced domain (allowed by the app's CSP), autoplay on, related videos off. */
export function tutorialEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`;
}

export const ROADMAP_STEPS: readonly { title: string; description: string }[] = [
  {
    title: 'Crie suas contas nas plataformas',
    description:
      'Abra as contas nas ferramentas parceiras antes de tudo: você vai usá-las em todas as etapas.',
  },
  {
    title: 'Assista a todos os tutoriais',
    description: 'Veja as aulas de tráfego pago, clonagem de páginas e como usar cada ferramenta do clube.',
  },
  {
    title: 'Assista às calls gravadas',
    description:
      'As gravações das mentorias anteriores respondem às dúvidas mais comuns de quem está começando.',
  },
  {
    title: 'Participe das calls ao vivo',
    description: 'Toda quinta-feira às 20h: traga suas dúvidas e seus números para a mentoria.',
  },
  {
    title: 'Aplique o que aprendeu',
    description: 'Escolha uma oferta, monte a página e os criativos e suba sua primeira campanha de teste.',
  },
  {
    title: 'Primeiros resultados',
    description: 'Acompanhe as métricas, corte o que não funciona e escale o que dá resultado.',
  },
];

const lesson = (title: string, description: string): TutorialTopic => ({
  title,
  description,
  videoId: PLACEHOLDER_VIDEO_ID,
});

const PAID_TRAFFIC: readonly TutorialTopic[] = [
  lesson('Introdução ao tráfego pago', 'O que é tráfego pago e como ele transforma anúncios em vendas.'),
  lesson('Estrutura de uma conta de anúncios', 'Business Manager, contas de anúncio, páginas e permissões.'),
  lesson('Pixel e eventos de conversão', 'Instale o pixel e configure os eventos que medem as suas vendas.'),
  lesson('Públicos: frio, morno e quente', 'Como escolher e separar os públicos de cada campanha.'),
  lesson(
    'Estrutura de campanha de teste',
    'Quantos conjuntos, quantos criativos e quanto investir no teste.',
  ),
  lesson('Criativos que convertem', 'Formatos, ganchos e variações que prendem a atenção no feed.'),
  lesson('Copy para anúncios', 'Títulos, textos e chamadas para ação que levam ao clique.'),
  lesson('Orçamento e lances', 'Orçamento por campanha ou por conjunto e estratégias de lance.'),
  lesson('Lendo as métricas', 'CTR, CPC, CPM, CPA e ROAS: o que cada número diz sobre a campanha.'),
  lesson(
    'Quando pausar e quando manter',
    'Regras simples para cortar o que não funciona sem perder dinheiro.',
  ),
  lesson('Escala vertical e horizontal', 'Como aumentar o investimento sem derrubar os resultados.'),
  lesson('Contingência e bloqueios', 'Como proteger suas contas e o que fazer quando uma é bloqueada.'),
  lesson(
    'Rotina diária do gestor de tráfego',
    'O que olhar todos os dias para manter as campanhas saudáveis.',
  ),
];

const PAGE_CLONING: readonly TutorialTopic[] = [
  lesson(
    'Encontrando a página da oferta',
    'Como chegar à página real por trás do anúncio que está escalando.',
  ),
  lesson('Clonando com o Clonador de Sites', 'Gere o arquivo ZIP da página com a ferramenta do clube.'),
  lesson('Editando a página clonada', 'Troque links de checkout, textos e imagens antes de publicar.'),
  lesson('Publicando na sua hospedagem', 'Envie os arquivos para a sua hospedagem e teste a página no ar.'),
];

const CLUB_TOOLS: readonly TutorialTopic[] = [
  lesson('Ofertas Escaladas', 'Como filtrar e acompanhar as ofertas que mais estão escalando.'),
  lesson('Otimizador de Campanhas', 'Envie os números do seu funil e receba a análise da campanha.'),
  lesson('Validador de Criativo', 'Compare seus criativos e descubra quais escalar, testar ou cortar.'),
  lesson('Espião de Slugs', 'Descubra páginas ocultas e URLs ativas de um domínio.'),
  lesson('Clonador de Sites', 'Clone uma página e baixe tudo em um arquivo ZIP.'),
  lesson('Comunidade', 'Publique, comente e troque experiências com os membros.'),
  lesson('Mascarar Criativo', 'Proteja seu criativo de imagem ou vídeo antes de anunciar.'),
  lesson('Ocultar Criativo', 'Esconda um criativo dentro de outra imagem.'),
  lesson('Criptografar Texto', 'Ofusque o texto dos anúncios para evitar bloqueios.'),
  lesson('Organizador de Bibliotecas', 'Acompanhe bibliotecas de anúncios dia a dia.'),
  lesson('Subir Oferta', 'Envie uma oferta escalada e ganhe 10 pontos quando ela for aprovada.'),
  lesson('Divulgação', 'Divulgue seus serviços e encontre parceiros e clientes.'),
];

const PARTNER_ACCOUNTS: readonly TutorialTopic[] = [
  lesson('Plataforma de anúncios', 'Crie e configure a conta onde você vai anunciar.'),
  lesson(
    'Plataforma de vendas (checkout)',
    'Cadastre-se na plataforma que processa os pagamentos das vendas.',
  ),
  lesson('Hospedagem de páginas', 'Contrate a hospedagem onde ficam as suas páginas clonadas.'),
];

export const TOPIC_CARDS: readonly TopicCard[] = [
  { id: 'trafego-pago', title: 'Tráfego Pago', countLabel: '13 aulas', topics: PAID_TRAFFIC },
  { id: 'clonagem', title: 'Clonagem de Páginas', countLabel: '4 itens', topics: PAGE_CLONING },
  { id: 'como-usar', title: 'Como usar o Clube', countLabel: '12 itens', topics: CLUB_TOOLS },
  {
    id: 'contas',
    title: 'Criando sua conta nas plataformas',
    countLabel: '3 ferramentas parceiras',
    topics: PARTNER_ACCOUNTS,
  },
];

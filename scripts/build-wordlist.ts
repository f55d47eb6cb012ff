/**
 * Writes src/server/modules/slug-checker/wordlist.txt, the slug checker's list (issue #7): paths of Brazilian
 * direct-response funnels, which no public list covers (ffuf/gobuster lists are for admin panels). The server reads
 * the .txt, never this file (a dev script: the funnel suffixes the server combines live in wordlist.ts).
 *
 *   npx tsx scripts/build-wordlist.ts
 *
 * Groups are written in order with a `# ` heading; a slug appears once (in its first group).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `base`, `base1..n` and `base-1..n` (the numbered variants funnel builders create page after page). */
const numbered = (bases: string[], to: number, from = 1, dashed = true) =>
  bases.flatMap((b) => {
    const out = [b];
    for (let i = from; i <= to; i++) out.push(`${b}${i}`, ...(dashed ? [`${b}-${i}`] : []));
    return out;
  });
const withSuffixes = (bases: string[], suffixes: string[]) =>
  bases.flatMap((b) => suffixes.map((s) => `${b}${s}`));

// biome-ignore format: word lists read better packed
export const GROUPS: [string, string[]][] = [
  [
    'Páginas de obrigado (pt/es/en) e confirmação',
    [
      ...numbered(['obrigado', 'obrigada'], 5),
      ...numbered(['typ', 'ty', 'obg'], 3, 1, false),
      ...numbered(['thank-you', 'thankyou', 'gracias', 'obrigado-compra'], 2),
      'obrigada-compra', 'obrigada-pela-compra', 'obrigada-pix', 'obrigada-boleto', 'obrigada-cadastro',
      ...withSuffixes(
        ['obrigado-'],
        [
          'pela-compra', 'compra', 'boleto', 'pix', 'cartao', 'cadastro', 'inscricao', 'lead', 'vip', 'grupo',
          'whatsapp', 'upsell', 'up', 'downsell', 'ds', 'oferta', 'bonus', 'pedido', 'assinatura', 'membro',
          'aluno', 'webinar', 'aula', 'quiz', 'final', 'premium', 'parceiro', 'cliente',
        ],
      ),
      'obrigadoo', 'obrigado-pelo-pedido', 'obrigado-por-comprar', 'muito-obrigado', 'valeu', 'parabens',
      'parabens-compra', 'parabens-pela-compra', 'compra-aprovada', 'compra-confirmada', 'compra-realizada',
      'compra-concluida', 'compra-efetuada', 'pagamento-aprovado', 'pagamento-confirmado',
      'pagamento-recebido', 'pedido-confirmado', 'pedido-recebido', 'pedido-realizado', 'pedido-aprovado',
      'confirmacao', 'confirmacao-compra', 'confirmacao-pedido', 'confirmado', 'confirmada',
      'inscricao-confirmada', 'inscricao-realizada', 'cadastro-confirmado', 'cadastro-realizado',
      'cadastro-concluido', 'bem-vindo', 'bem-vinda', 'bemvindo', 'boas-vindas', 'sucesso', 'aprovado',
      'aprovada', 'concluido', 'finalizado', 'gracias-por-tu-compra', 'gracias-compra', 'gracias-por-comprar',
      'muchas-gracias', 'compra-exitosa', 'compra-aprobada', 'pago-aprobado', 'pago-exitoso',
      'pedido-confirmado-es', 'bienvenido', 'bienvenida', 'felicidades', 'felicitaciones', 'confirmacion',
      'exito', 'thanks', 'thank-you-page', 'thankyou-page', 'thanks-page', 'tks', 'tnx', 'success',
      'order-confirmed', 'order-confirmation', 'order-complete', 'order-received', 'purchase-confirmed',
      'purchase-complete', 'payment-success', 'payment-confirmed', 'welcome', 'confirmation', 'confirmed',
      'congrats', 'congratulations', 'thank-you-upsell', 'ty-page',
    ],
  ],
  [
    'Upsells, downsells e order bumps (variantes numeradas)',
    [
      ...numbered(['up', 'upsell', 'oto', 'ds', 'downsell'], 5),
      ...numbered(['down', 'upgrade', 'bump', 'ob'], 3, 1, false),
      ...numbered(['oferta-especial', 'oferta-unica', 'oferta-exclusiva', 'oferta-vip', 'oferta-secreta'], 2),
      ...numbered(
        ['special-offer', 'one-time-offer', 'exclusive-offer', 'combo', 'kit', 'pacote'],
        2,
        1,
        false,
      ),
      'orderbump', 'order-bump', 'order-bump-1', 'order-bump-2', 'cross-sell', 'crosssell', 'cross', 'xsell',
      'upsell-obrigado', 'upsell-final', 'upsell-vip', 'upsell-premium', 'downsell-final', 'downsell-vip',
      'up-final', 'ds-final', 'oto-final', 'oferta', 'ofertas', 'oferta-final', 'oferta-limitada',
      'oferta-relampago', 'oferta-imperdivel', 'oferta-do-dia', 'super-oferta', 'mega-oferta', 'premium',
      'vip', 'pro', 'plus', 'gold', 'platinum', 'diamond', 'black', 'elite', 'master', 'completo',
      'pacote-completo', 'kit-completo', 'kit-premium', 'combo-completo', 'plano-completo', 'versao-completa',
      'versao-premium', 'acesso-vitalicio', 'vitalicio', 'anual', 'mensal', 'semestral', 'trimestral',
      'upsell-a', 'upsell-b', 'up-a', 'up-b', 'ds-a', 'ds-b', 'aceitar', 'aceito', 'recusar', 'recuso',
      'nao-obrigado', 'nao-quero', 'sim-quero', 'quero', 'quero-sim', 'no-thanks', 'yes', 'sim', 'nao',
      'espere', 'espera', 'espera-ai', 'esperar', 'calma', 'wait', 'antes-de-ir', 'nao-va', 'nao-saia',
      'ultima-chance', 'ultima-oportunidade', 'last-chance', 'segunda-chance', 'oportunidade',
      'oportunidade-unica', 'desconto-especial', 'desconto-exclusivo', 'leve-mais', 'adicionar', 'add-on',
      'addon', 'complemento', 'extra', 'extras', 'turbo', 'acelerador', 'potencializador', 'mentoria',
      'mentoria-vip', 'consultoria', 'coaching', 'grupo-vip', 'comunidade', 'comunidade-vip', 'assinatura-vip',
    ],
  ],
  [
    'Checkout, pagamento e carrinho',
    [
      ...numbered(['checkout'], 3),
      ...numbered(['pagamento', 'carrinho', 'pedido', 'compra'], 2, 1, false),
      'comprar', 'checkout-pix', 'checkout-boleto', 'checkout-cartao', 'checkout-vip', 'checkout-upsell',
      'checkout-1-click', 'one-click', '1-click', 'pagar', 'pague', 'pague-agora', 'payment', 'pay', 'pay-now',
      'compre', 'compre-agora', 'comprar-agora', 'compre-ja', 'compra-segura', 'buy', 'buy-now', 'order',
      'order-now', 'cart', 'carrinho-de-compras', 'finalizar', 'finalizar-compra', 'finalizar-pedido',
      'fechar-pedido', 'concluir-compra', 'garantir', 'garantir-vaga', 'garanta', 'garanta-ja', 'pix',
      'boleto', 'cartao', 'cartao-de-credito', 'credito', 'pagamento-pix', 'pagamento-boleto',
      'pagamento-cartao', 'pedido-pix', 'pix-gerado', 'boleto-gerado', 'qrcode', 'qr-code',
      'aguardando-pagamento', 'aguardando', 'pendente', 'pagamento-pendente', 'pedido-pendente', 'em-analise',
      'recusado', 'pagamento-recusado', 'compra-recusada', 'erro-pagamento', 'erro-no-pagamento', 'falha',
      'falha-pagamento', 'tente-novamente', 'cancelado', 'assinar', 'assine', 'assine-agora', 'assinatura',
      'assinaturas', 'subscribe', 'subscription', 'plano', 'planos', 'precos', 'preco', 'valores', 'valor',
      'pricing', 'prices', 'price', 'investimento', 'parcelado', 'parcelas', 'desconto', 'descontos', 'cupom',
      'cupons', 'cupom-de-desconto', 'coupon', 'voucher', 'garantia', 'reembolso', 'frete', 'frete-gratis',
      'entrega', 'envio', 'rastreio', 'rastreamento', 'meu-pedido', 'meus-pedidos', 'pagamento-unico',
      'pagar-com-pix', 'pagar-com-boleto', 'pagamento-seguro', 'checkout-seguro', 'loja', 'store', 'shop',
      'produto', 'produtos', 'product', 'products', 'catalogo', 'pagar-pedido', 'confirmar-pedido',
      'revisar-pedido', 'resumo-do-pedido', 'hotmart', 'kiwify', 'eduzz', 'monetizze', 'braip', 'perfectpay',
      'ticto',
    ],
  ],
  [
    'VSL, páginas de vendas, captura e pré-venda',
    [
      ...numbered(['vsl', 'pv', 'lp'], 6),
      ...numbered(['v'], 5, 1, false),
      ...numbered(['pagina', 'video', 'aula', 'cpl', 'advertorial', 'presell'], 3, 1, false),
      'carta', 'oferta-vsl', 'vsl-a', 'vsl-b', 'vsl-c', 'vsl-curta', 'vsl-longa', 'vsl-nova', 'vsl-antiga',
      'vsl-teste', 'vsl-final', 'vsl-ads', 'vsl-fb', 'vsl-facebook', 'vsl-google', 'vsl-tiktok', 'vsl-youtube',
      'vsl-br', 'vsl-es', 'vsl-en', 'pv-a', 'pv-b', 'pv-c', 'pv-nova', 'pv-teste', 'pv-ads', 'pv-fb',
      'pv-google', 'pv-tiktok', 'pv-es', 'pv-en', 'lp-a', 'lp-b', 'lp-c', 'lp-nova', 'lp-teste', 'lp-ads',
      'lp-fb', 'lp-google', 'lp-tiktok', 'lp-es', 'lp-en', 'pagina-de-vendas', 'pagina-vendas',
      'paginadevendas', 'vendas', 'venda', 'sales', 'sales-page', 'salespage', 'carta-de-vendas',
      'cartadevendas', 'video-vendas', 'video-de-vendas', 'videovendas', 'assista', 'assistir',
      'assista-agora', 'apresentacao', 'webinar', 'webinario', 'webinar-gratuito', 'aula-gratuita',
      'aula-secreta', 'aula-exclusiva', 'aula-ao-vivo', 'masterclass', 'workshop', 'imersao', 'desafio',
      'challenge', 'evento', 'live', 'ao-vivo', 'replay', 'gravacao', 'captura', 'pagina-de-captura',
      'inscricao', 'inscreva-se', 'inscrever', 'cadastro', 'cadastre-se', 'registro', 'register', 'signup',
      'sign-up', 'lead', 'leads', 'optin', 'opt-in', 'squeeze', 'isca', 'isca-digital', 'pre-sell',
      'pre-venda', 'prevenda', 'presell-page', 'advertorial-page', 'artigo', 'artigo1', 'artigo2', 'noticia',
      'noticias', 'news', 'materia', 'reportagem', 'review', 'reviews', 'analise', 'avaliacoes', 'depoimentos',
      'depoimento', 'testimonials', 'resultados', 'prova-social', 'casos-de-sucesso', 'lancamento',
      'pre-lancamento', 'lista-de-espera', 'lista-vip', 'waitlist', 'em-breve', 'breve', 'coming-soon',
      'bridge', 'ponte', 'descubra', 'conheca', 'saiba-mais', 'metodo', 'o-metodo', 'protocolo', 'segredo',
      'formula', 'sistema', 'programa', 'treinamento', 'ebook-gratis', 'home2', 'home-2', 'index2', 'inicio',
      'index', 'index.html', 'index.php', 'home', 'principal', 'site', 'novo', 'nova', 'new', 'old', 'antigo',
      'teste', 'testes', 'test', 'tests', 'demo', 'exemplo', 'modelo', 'template', 'rascunho', 'draft',
      'preview', 'copia', 'copy', 'backup-pagina', 'clone', 'a', 'b', 'c', 'ab', 'split', 'versao-a',
      'versao-b', 'variante-a', 'variante-b', 'br', 'pt', 'pt-br', 'es', 'en', 'latam', 'espanol', 'english',
      'portugues',
    ],
  ],
  [
    'Quiz, chat e funis de conversa',
    [
      ...numbered(['quiz', 'chat', 'etapa', 'passo', 'step'], 3, 1, false),
      'quiz-1', 'quiz-2', 'funil', 'teste-gratis', 'quiz-a', 'quiz-b', 'quiz-final', 'quiz-resultado', 'quizz',
      'questionario', 'questionario1', 'perguntas', 'diagnostico', 'avaliacao', 'avaliacao-gratuita',
      'analise-gratuita', 'resultado', 'resultados-quiz', 'seu-resultado', 'meu-resultado', 'result',
      'results', 'calculadora', 'simulador', 'simulacao', 'descobrir', 'descubra-agora', 'funnel', 'funnel1',
      'funnel2', 'chatbot', 'typebot', 'bot', 'conversa', 'conversar', 'fale-conosco', 'fale-com-a-gente',
      'whatsapp', 'whats', 'wpp', 'zap', 'zapzap', 'chame-no-whatsapp', 'grupo', 'grupos', 'grupo-whatsapp',
      'grupo-telegram', 'grupovip', 'entrar-no-grupo', 'telegram', 'canal', 'link', 'links', 'bio', 'linktree',
      'link-na-bio', 'direct', 'dm', 'atendimento', 'suporte', 'ajuda', 'help', 'contato', 'contact', 'sac',
      'central', 'central-de-ajuda', 'duvidas', 'faq', 'perguntas-frequentes', 'chat-vendas', 'chat-suporte',
      'consultor', 'especialista', 'agendar', 'agendamento', 'agenda', 'aplicacao', 'aplicar', 'formulario',
      'form', 'form1', 'form2', 'survey', 'pesquisa',
    ],
  ],
  [
    'Áreas de membros e entrega',
    [
      ...numbered(['modulo', 'curso'], 3, 1, false),
      'aulas', 'download', 'membros', 'area-de-membros', 'area-membros', 'areademembros', 'area-do-membro',
      'area-vip', 'members', 'member', 'members-area', 'membership', 'acesso', 'acessar', 'acesso-vip',
      'acesso-liberado', 'liberar-acesso', 'meu-acesso', 'minha-area', 'minha-conta', 'minhaconta', 'conta',
      'my-account', 'account', 'perfil', 'profile', 'painel-do-aluno', 'aluno', 'alunos', 'area-do-aluno',
      'areadoaluno', 'portal-do-aluno', 'area-do-cliente', 'areadocliente', 'cliente', 'clientes', 'cursos',
      'course', 'courses', 'meus-cursos', 'modulos', 'licao', 'licoes', 'lesson', 'lessons', 'conteudo',
      'conteudos', 'conteudo-exclusivo', 'plataforma', 'portal', 'app', 'aplicativo', 'downloads', 'material',
      'materiais', 'material-de-apoio', 'apostila', 'ebook', 'e-book', 'ebooks', 'pdf', 'guia', 'guia-pratico',
      'manual', 'cardapio', 'receitas', 'planilha', 'planilhas', 'checklist', 'certificado', 'certificados',
      'entrega', 'entregavel', 'produto-digital', 'recuperar-senha', 'esqueci-a-senha', 'esqueci-minha-senha',
      'nova-senha', 'trocar-senha', 'sair', 'logout', 'cadastro-aluno', 'primeiro-acesso', 'onboarding',
      'comece-aqui', 'start', 'start-here', 'boas-vindas-aluno', 'tutorial', 'tutoriais', 'como-acessar',
      'suporte-aluno', 'comunidade-alunos', 'forum', 'classroom', 'sala', 'sala-vip', 'biblioteca', 'library',
    ],
  ],
  [
    'Bônus e presentes',
    [
      ...numbered(['bonus'], 5),
      ...numbered(['presente', 'brinde', 'gift'], 2, 1, false),
      'bonus-exclusivo', 'bonus-especial', 'bonus-secreto', 'bonus-vip', 'bonus-extra', 'bonus-surpresa',
      'bonus-gratis', 'bonuses', 'bonus-compra', 'bonus-pix', 'bonus-boleto', 'meus-bonus', 'seus-bonus',
      'resgatar', 'resgate', 'resgatar-bonus', 'presentes', 'brindes', 'free', 'freebie', 'gratis', 'gratuito',
      'gratuita', 'amostra', 'amostra-gratis', 'degustacao', 'surpresa', 'premio', 'premios', 'sorteio',
      'cortesia',
    ],
  ],
  [
    'Back-redirects, saída e recuperação',
    [
      ...numbered(['back', 'backredirect'], 3, 1, false),
      'back-redirect', 'redirect', 'volta', 'voltar', 'retorno', 'retornar', 'saida', 'exit', 'exit-popup',
      'exitpopup', 'exit-intent', 'popup', 'saiu', 'recuperacao', 'recuperar', 'recupera',
      'carrinho-abandonado', 'abandono', 'abandonou', 'recuperar-carrinho', 'resgatar-oferta', 'voltar-oferta',
      'oferta-de-volta', 'volte', 'volte-aqui', 'desistiu', 'reconsidere', 'retention', 'win-back', 'winback',
      'r', 'go', 'out', 'ir', 'click', 'clique', 'clique-aqui', 'redirecionar', 'redirecionamento', 'redir',
      'url', 'track', 'tracking', 'pixel',
    ],
  ],
  [
    'Promoções e datas sazonais',
    [
      ...withSuffixes(
        ['black-friday', 'blackfriday', 'bf', 'promo', 'natal', 'cyber-monday'],
        ['', '-2025', '2025', '-2026'],
      ),
      'black', 'black-week', 'blackweek', 'black-november', 'cyber', 'cybermonday', 'esquenta',
      'esquenta-black', 'pre-black', 'ano-novo', 'reveillon', 'carnaval', 'dia-das-maes', 'dia-dos-pais',
      'dia-dos-namorados', 'namorados', 'pascoa', 'dia-das-criancas', 'criancas', 'volta-as-aulas',
      'aniversario', 'aniversario-da-marca', 'semana-do-consumidor', 'dia-do-consumidor', 'mes-do-consumidor',
      'dia-do-cliente', 'promocao', 'promocoes', 'promocional', 'promos', 'sale', 'oferta-de-natal',
      'oferta-black', 'flash', 'flash-sale', 'relampago', 'queima', 'queima-de-estoque', 'liquidacao',
      'saldao', 'outlet', 'leve-2', 'leve-3', 'compre-1-leve-2', 'frete-gratis-hoje', 'so-hoje', 'hoje',
      'ultimas-horas', 'ultimas-vagas', 'ultimas-unidades', 'lote1', 'lote-1', 'lote2', 'lote-2', 'lote3',
      'lote-3', 'primeiro-lote', 'segundo-lote', 'lote-promocional', 'reabertura', 'abertura', 'vagas-abertas',
      'inscricoes-abertas', 'carrinho-aberto', 'cart-open', 'fechamento', 'encerramento', 'ultimo-dia',
    ],
  ],
  [
    'Institucional e legal',
    [
      'sobre', 'sobre-nos', 'quem-somos', 'about', 'about-us', 'empresa', 'institucional', 'termos',
      'termos-de-uso', 'termos-e-condicoes', 'termos-de-servico', 'terms', 'tos', 'privacidade',
      'politica-de-privacidade', 'politica', 'privacy', 'privacy-policy', 'cookies', 'politica-de-cookies',
      'lgpd', 'aviso-legal', 'disclaimer', 'politica-de-reembolso', 'trocas-e-devolucoes', 'devolucao',
      'refund', 'refund-policy', 'blog', 'artigos', 'posts', 'categoria', 'category', 'tag', 'autor', 'author',
      'search', 'busca', 'pesquisar', 'parceiros', 'afiliados', 'afiliado', 'affiliate', 'affiliates',
      'seja-afiliado', 'indique', 'indicacao', 'trabalhe-conosco', 'mapa-do-site', 'sitemap',
    ],
  ],
  [
    'Administração, CMS e arquivos expostos',
    [
      'wp-admin', 'wp-login.php', 'wp-content', 'wp-content/uploads', 'wp-includes', 'wp-json',
      'wp-json/wp/v2/users', 'wp-json/wp/v2/pages', 'wp-cron.php', 'xmlrpc.php', 'wp-config.php.bak',
      'wp-signup.php', 'readme.html', 'license.txt', 'admin', 'admin.php', 'admin/login', 'administrator',
      'administrador', 'administracao', 'adm', 'painel', 'painel-admin', 'painel-de-controle', 'panel',
      'cpanel', 'webmail', 'dashboard', 'backoffice', 'back-office', 'gestao', 'gerenciar', 'manager',
      'manage', 'console', 'controle', 'cms', 'login', 'login.php', 'entrar', 'signin', 'sign-in', 'auth',
      'user', 'users', 'usuario', 'usuarios', 'register.php', 'config', 'configuracoes', 'settings', 'setup',
      'install', 'instalar', 'phpmyadmin', 'pma', 'phpinfo.php', 'info.php', 'server-status', 'server-info',
      'status', 'health', 'api', 'api/v1', 'graphql', 'rest', 'webhook', 'webhooks', 'cron', 'tmp', 'temp',
      'cache', 'logs', 'log', 'debug', 'dev', 'staging', 'homolog', 'homologacao', 'beta', 'old-site',
      'backup', 'backups', 'bkp', 'backup.zip', 'site.zip', 'www.zip', 'backup.sql', 'dump.sql', 'db.sql',
      '.env', '.git/HEAD', '.git/config', '.htaccess', '.htpasswd', '.DS_Store', 'robots.txt', 'sitemap.xml',
      'sitemap_index.xml', 'feed', 'rss', 'ads.txt', 'humans.txt', 'security.txt', '.well-known/security.txt',
      'crossdomain.xml', 'manifest.json', 'favicon.ico', 'uploads', 'upload', 'files', 'arquivos', 'arquivo',
      'images', 'imagens', 'img', 'assets', 'static', 'media', 'public', 'private', 'privado', 'restrito',
      'interno', 'secret', 'secreto', 'hidden', 'oculto', 'elementor', 'wp-content/plugins',
      'wp-content/themes',

      'user/login', 'admin/dashboard', 'dashboard/login', 'painel/login', 'vercel.json', 'package.json',
      'composer.json', 'web.config', 'error_log', 'php.ini', 'test.php', 'teste.php', 'shell.php',
    ],
  ],
];

export function buildWordlist(): string {
  const seen = new Set<string>();
  const lines = [
    '# Clube Escala: lista de slugs do verificador (issue #7), gerada por build-wordlist.ts.',
    '# Um slug por linha, sem barra inicial; linhas com # são títulos de grupo.',
  ];
  for (const [title, slugs] of GROUPS) {
    const fresh = slugs.map((s) => s.trim().replace(/^\/+/, '')).filter((s) => s && !seen.has(s));
    for (const s of fresh) seen.add(s);
    lines.push('', `# ${title} (${fresh.length})`, ...fresh);
  }
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    '../src/server/modules/slug-checker/wordlist.txt',
  );
  const text = buildWordlist();
  writeFileSync(out, text);
  const count = text.split('\n').filter((l) => l && !l.startsWith('#')).length;
  console.log(`${count} slugs em ${out}`);
}

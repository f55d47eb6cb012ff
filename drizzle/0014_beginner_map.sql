CREATE TABLE "beginner_map_lesson_completions" (
	"user_id" uuid NOT NULL,
	"lesson_id" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "beginner_map_lesson_completions_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "beginner_map_lessons" (
	"id" text PRIMARY KEY NOT NULL,
	"section" text NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"video_url" text,
	"link_url" text,
	"updated_at" timestamp with time zone,
	CONSTRAINT "beginner_map_lessons_section_position_unique" UNIQUE("section","position"),
	CONSTRAINT "beginner_map_lessons_section_check" CHECK ("beginner_map_lessons"."section" in ('trafego-pago', 'clonagem', 'como-usar', 'contas')),
	CONSTRAINT "beginner_map_lessons_link_only_partner_tools" CHECK ("beginner_map_lessons"."link_url" is null or "beginner_map_lessons"."section" = 'contas'),
	CONSTRAINT "beginner_map_lessons_title_length" CHECK (char_length("beginner_map_lessons"."title") between 1 and 200),
	CONSTRAINT "beginner_map_lessons_description_length" CHECK (char_length("beginner_map_lessons"."description") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "beginner_map_step_completions" (
	"user_id" uuid NOT NULL,
	"step_id" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "beginner_map_step_completions_user_id_step_id_pk" PRIMARY KEY("user_id","step_id")
);
--> statement-breakpoint
CREATE TABLE "beginner_map_steps" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "beginner_map_steps_position_unique" UNIQUE("position")
);
--> statement-breakpoint
ALTER TABLE "beginner_map_lesson_completions" ADD CONSTRAINT "beginner_map_lesson_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beginner_map_lesson_completions" ADD CONSTRAINT "beginner_map_lesson_completions_lesson_id_beginner_map_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."beginner_map_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beginner_map_step_completions" ADD CONSTRAINT "beginner_map_step_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beginner_map_step_completions" ADD CONSTRAINT "beginner_map_step_completions_step_id_beginner_map_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."beginner_map_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The fixed content every install has (spec 02 "Beginner's Map"): the six steps and the lessons of the four cards.
-- Written here, not at start, so it is inserted exactly once per database, before any instance serves; the
-- administrator edits texts, videos and links afterwards.
INSERT INTO "beginner_map_steps" ("id", "position", "title", "description") VALUES
  ('criar-contas', 1, 'Crie suas contas nas plataformas', 'Abra as contas nas ferramentas parceiras antes de tudo: você vai usá-las em todas as etapas.'),
  ('assistir-tutoriais', 2, 'Assista a todos os tutoriais', 'Veja as aulas de tráfego pago, clonagem de páginas e como usar cada ferramenta do clube.'),
  ('assistir-gravacoes', 3, 'Assista às calls gravadas', 'As gravações das mentorias anteriores respondem às dúvidas mais comuns de quem está começando.'),
  ('calls-ao-vivo', 4, 'Participe das calls ao vivo', 'Toda quinta-feira às 20h: traga suas dúvidas e seus números para a mentoria.'),
  ('aplicar', 5, 'Aplique o que aprendeu', 'Escolha uma oferta, monte a página e os criativos e suba sua primeira campanha de teste.'),
  ('primeiros-resultados', 6, 'Primeiros resultados', 'Acompanhe as métricas, corte o que não funciona e escale o que dá resultado.')
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "beginner_map_lessons" ("id", "section", "position", "title", "description") VALUES
  ('trafego-pago-01', 'trafego-pago', 1, 'Introdução ao tráfego pago', 'O que é tráfego pago e como ele transforma anúncios em vendas.'),
  ('trafego-pago-02', 'trafego-pago', 2, 'Estrutura de uma conta de anúncios', 'Business Manager, contas de anúncio, páginas e permissões.'),
  ('trafego-pago-03', 'trafego-pago', 3, 'Pixel e eventos de conversão', 'Instale o pixel e configure os eventos que medem as suas vendas.'),
  ('trafego-pago-04', 'trafego-pago', 4, 'Públicos: frio, morno e quente', 'Como escolher e separar os públicos de cada campanha.'),
  ('trafego-pago-05', 'trafego-pago', 5, 'Estrutura de campanha de teste', 'Quantos conjuntos, quantos criativos e quanto investir no teste.'),
  ('trafego-pago-06', 'trafego-pago', 6, 'Criativos que convertem', 'Formatos, ganchos e variações que prendem a atenção no feed.'),
  ('trafego-pago-07', 'trafego-pago', 7, 'Copy para anúncios', 'Títulos, textos e chamadas para ação que levam ao clique.'),
  ('trafego-pago-08', 'trafego-pago', 8, 'Orçamento e lances', 'Orçamento por campanha ou por conjunto e estratégias de lance.'),
  ('trafego-pago-09', 'trafego-pago', 9, 'Lendo as métricas', 'CTR, CPC, CPM, CPA e ROAS: o que cada número diz sobre a campanha.'),
  ('trafego-pago-10', 'trafego-pago', 10, 'Quando pausar e quando manter', 'Regras simples para cortar o que não funciona sem perder dinheiro.'),
  ('trafego-pago-11', 'trafego-pago', 11, 'Escala vertical e horizontal', 'Como aumentar o investimento sem derrubar os resultados.'),
  ('trafego-pago-12', 'trafego-pago', 12, 'Contingência e bloqueios', 'Como proteger suas contas e o que fazer quando uma é bloqueada.'),
  ('trafego-pago-13', 'trafego-pago', 13, 'Rotina diária do gestor de tráfego', 'O que olhar todos os dias para manter as campanhas saudáveis.'),
  ('clonagem-01', 'clonagem', 1, 'Encontrando a página da oferta', 'Como chegar à página real por trás do anúncio que está escalando.'),
  ('clonagem-02', 'clonagem', 2, 'Clonando com o Clonador de Sites', 'Gere o arquivo ZIP da página com a ferramenta do clube.'),
  ('clonagem-03', 'clonagem', 3, 'Editando a página clonada', 'Troque links de checkout, textos e imagens antes de publicar.'),
  ('clonagem-04', 'clonagem', 4, 'Publicando na sua hospedagem', 'Envie os arquivos para a sua hospedagem e teste a página no ar.'),
  ('como-usar-01', 'como-usar', 1, 'Ofertas Escaladas', 'Como filtrar e acompanhar as ofertas que mais estão escalando.'),
  ('como-usar-02', 'como-usar', 2, 'Otimizador de Campanhas', 'Envie os números do seu funil e receba a análise da campanha.'),
  ('como-usar-03', 'como-usar', 3, 'Validador de Criativo', 'Compare seus criativos e descubra quais escalar, testar ou cortar.'),
  ('como-usar-04', 'como-usar', 4, 'Espião de Slugs', 'Descubra páginas ocultas e URLs ativas de um domínio.'),
  ('como-usar-05', 'como-usar', 5, 'Clonador de Sites', 'Clone uma página e baixe tudo em um arquivo ZIP.'),
  ('como-usar-06', 'como-usar', 6, 'Comunidade', 'Publique, comente e troque experiências com os membros.'),
  ('como-usar-07', 'como-usar', 7, 'Mascarar Criativo', 'Proteja seu criativo de imagem ou vídeo antes de anunciar.'),
  ('como-usar-08', 'como-usar', 8, 'Ocultar Criativo', 'Esconda um criativo dentro de outra imagem.'),
  ('como-usar-09', 'como-usar', 9, 'Criptografar Texto', 'Ofusque o texto dos anúncios para evitar bloqueios.'),
  ('como-usar-10', 'como-usar', 10, 'Organizador de Bibliotecas', 'Acompanhe bibliotecas de anúncios dia a dia.'),
  ('como-usar-11', 'como-usar', 11, 'Subir Oferta', 'Envie uma oferta escalada para a equipe revisar: aprovada, ela entra no catálogo do clube.'),
  ('como-usar-12', 'como-usar', 12, 'Divulgação', 'Divulgue seus serviços e encontre parceiros e clientes.'),
  ('contas-01', 'contas', 1, 'Plataforma de anúncios', 'Crie e configure a conta onde você vai anunciar.'),
  ('contas-02', 'contas', 2, 'Plataforma de vendas (checkout)', 'Cadastre-se na plataforma que processa os pagamentos das vendas.'),
  ('contas-03', 'contas', 3, 'Hospedagem de páginas', 'Contrate a hospedagem onde ficam as suas páginas clonadas.')
ON CONFLICT ("id") DO NOTHING;

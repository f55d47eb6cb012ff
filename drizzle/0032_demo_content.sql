CREATE TABLE "demo_content" (
	"table_name" text NOT NULL,
	"row_id" text NOT NULL,
	"original" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_content_table_name_row_id_pk" PRIMARY KEY("table_name","row_id"),
	CONSTRAINT "demo_content_table_known" CHECK (table_name in ('users', 'offers', 'user_escalated_offers', 'posts', 'post_comments', 'banners', 'live_calls', 'notifications', 'confirmed_purchases', 'webhook_events', 'beginner_map_lessons', 'files'))
);
--> statement-breakpoint
CREATE TABLE "demo_content_removals" (
	"removed_at" timestamp with time zone PRIMARY KEY DEFAULT now() NOT NULL,
	"counts" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_generated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written data migration (not from the schema): an install seeded before this migration gets its demo content
-- registered here as the seed registers it now, so removing the demo content finds it too. Each statement matches
-- the seed's own marks (src/server/seed/*: the demo.clubeescala.local members, the example.com links, the fixed
-- titles, the 'demo-' delivery ids); nothing a member or the administrator writes carries them. A new database
-- matches nothing.
INSERT INTO "demo_content" ("table_name", "row_id")
SELECT 'users', "id"::text FROM "users" WHERE "email" LIKE '%@demo.clubeescala.local'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The demo members' offers, and the administrator's demo offers (links exactly as seed/demo-catalogue.ts wrote them).
INSERT INTO "demo_content" ("table_name", "row_id")
SELECT 'offers', "id" FROM "offers"
WHERE "user_id" IN (SELECT "row_id"::uuid FROM "demo_content" WHERE "table_name" = 'users')
  OR "links" LIKE '{"criativo":"https://example.com/criativos/%","biblioteca":"https://example.com/biblioteca-de-anuncios/%","site":"https://example.com/oferta/%","anunciante":"https://example.com/anunciantes/%"}'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "demo_content" ("table_name", "row_id")
SELECT 'user_escalated_offers', "id"::text FROM "user_escalated_offers"
WHERE "user_id" IN (SELECT "row_id"::uuid FROM "demo_content" WHERE "table_name" = 'users')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The demo members' posts and the administrator's welcome post of the demo community, then their threads.
INSERT INTO "demo_content" ("table_name", "row_id")
SELECT 'posts', "id"::text FROM "posts"
WHERE "user_id" IN (SELECT "row_id"::uuid FROM "demo_content" WHERE "table_name" = 'users')
  OR "title" = 'Boas-vindas à Comunidade (publicações de demonstração)'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "demo_content" ("table_name", "row_id")
SELECT 'post_comments', "id"::text FROM "post_comments"
WHERE "post_id" IN (SELECT "row_id"::uuid FROM "demo_content" WHERE "table_name" = 'posts')
  AND "user_id" IN (SELECT "row_id"::uuid FROM "demo_content" WHERE "table_name" = 'users')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "demo_content" ("table_name", "row_id")
SELECT 'banners', "id"::text FROM "banners" WHERE "link" = 'https://example.com/clube-escala/calls-ao-vivo'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "demo_content" ("table_name", "row_id")
SELECT 'live_calls', "id"::text FROM "live_calls"
WHERE ("title" = 'Gravação: escalando campanhas na Meta' AND "link" = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ')
  OR ("title" = 'Call ao vivo de quinta-feira' AND "link" IS NULL
    AND "description" = 'Mentoria ao vivo toda quinta às 20h: tire suas dúvidas sobre ofertas e tráfego.')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "demo_content" ("table_name", "row_id")
SELECT 'notifications', "id"::text FROM "notifications"
WHERE "recipient_user_id" IS NULL AND "title" = 'Bem-vindo ao Clube Escala!'
  AND "description" LIKE '%Guia rápido: https://clubeescala.com.br/guia'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "demo_content" ("table_name", "row_id")
SELECT 'confirmed_purchases', "id"::text FROM "confirmed_purchases"
WHERE "email" = 'demo@clubeescala.local' AND "product_name" = 'Clube Escala - Mentoria Mensal (demonstração)'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "demo_content" ("table_name", "row_id")
SELECT 'webhook_events', "id"::text FROM "webhook_events"
WHERE "external_id" LIKE 'demo-%' AND "outcome" = 'Demonstração: histórico de exemplo para a Visão geral do painel.'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Lessons the seed filled in place and nobody edited since: the installed texts of migration 0014 to put back (a
-- demo video's lesson had ' (exemplo)' and ' Vídeo de exemplo: ...' appended; a partner tool was renamed).
INSERT INTO "demo_content" ("table_name", "row_id", "original")
SELECT 'beginner_map_lessons', "id", jsonb_build_object(
  'title', regexp_replace("title", ' \(exemplo\)$', ''),
  'description', regexp_replace("description", ' Vídeo de exemplo: .*$', ''),
  'video_url', NULL, 'link_url', "link_url")
FROM "beginner_map_lessons"
WHERE "updated_at" IS NULL AND "video_url" IS NOT NULL AND "title" LIKE '% (exemplo)'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "demo_content" ("table_name", "row_id", "original")
SELECT 'beginner_map_lessons', l."id", jsonb_build_object('title', o."title", 'description', o."description",
  'video_url', l."video_url", 'link_url', NULL)
FROM "beginner_map_lessons" l
JOIN (VALUES
  ('contas-01', 'Meta Ads (Gerenciador de Anúncios)', 'Plataforma de anúncios', 'Crie e configure a conta onde você vai anunciar.'),
  ('contas-02', 'Lastlink (checkout)', 'Plataforma de vendas (checkout)', 'Cadastre-se na plataforma que processa os pagamentos das vendas.'),
  ('contas-03', 'Hostinger (hospedagem)', 'Hospedagem de páginas', 'Contrate a hospedagem onde ficam as suas páginas clonadas.')
) AS o("id", "demo_title", "title", "description") ON o."id" = l."id"
WHERE l."updated_at" IS NULL AND l."title" = o."demo_title"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The images the seed stored: the registered offers' and submissions' creatives and the demo banner.
INSERT INTO "demo_content" ("table_name", "row_id")
SELECT 'files', "url" FROM (
  SELECT "creative" AS "url" FROM "offers"
  WHERE "id" IN (SELECT "row_id" FROM "demo_content" WHERE "table_name" = 'offers')
  UNION SELECT "creative" FROM "user_escalated_offers"
  WHERE "id" IN (SELECT "row_id"::uuid FROM "demo_content" WHERE "table_name" = 'user_escalated_offers')
  UNION SELECT "image_path" FROM "banners"
  WHERE "id" IN (SELECT "row_id"::uuid FROM "demo_content" WHERE "table_name" = 'banners')
) f WHERE "url" IS NOT NULL
ON CONFLICT DO NOTHING;

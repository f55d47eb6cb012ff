/**
 * Bulk seed of the catalogue and mixed benchmarks, run on the server's own cluster after it migrated:
 * INSERT ... SELECT generate_series statements, seconds not minutes.
 */
import type pg from 'pg';
import { hashPassword } from '../src/server/lib/crypto';

export const OFFERS = 10_000;
export const MEMBERS = 1_000;

/**
 * 10,000 offers (or `offers`; 5% hidden), 1,000 members with ~20k likes, 5k favourites and 10k votes; returns the
 * counts.
 */
export async function seedCatalogue(db: pg.Client, { offers = OFFERS }: { offers?: number } = {}) {
  const passwordHash = await hashPassword('bench-senha');
  await db.query(
    `
    insert into users (name, email, password_hash, unique_id, email_verified, status)
    select 'Membro ' || g, 'membro' || g || '@bench.test', $1, lpad(g::text, 6, '0'), true, 'Ativo'
    from generate_series(1, ${MEMBERS}) g`,
    [passwordHash],
  );
  await db.query(`
    with m as (select id, row_number() over (order by unique_id) as n from users)
    insert into offers (id, user_id, advertiser, creative, creative_type, ad_text, product_title, status, niche,
                        format, language, ads, roas, ticket_cents, links, visible, created_at, updated_at)
    select
      'bench-' || g,
      case when g % 3 = 0 then (select id from m where m.n = 1 + g % ${MEMBERS}) end,
      (array['Saúde Total','Grana Max','Fé Viva','Corpo Fit','Bolsa Pro','Glow Lab','Nutri Já','Alma Leve'])[1 + g % 8]
        || ' ' || (g % 400),
      '/uploads/creatives/' || md5(g::text) || case when g % 7 = 0 then '.mp4' else '.jpg' end,
      case when g % 7 = 0 then 'video' else 'image' end,
      (array['Descubra o método que mudou tudo','Perca peso sem dieta','Renda extra no celular',
             'Oração poderosa para prosperidade','Treino de 7 minutos','Pele perfeita em 30 dias',
             'Invista com segurança','Segredo revelado por especialista'])[1 + (g / 3) % 8] || ' #' || g,
      (array['Detox','Renda','Fé','Corpo','Invest','Beleza','Mega','Slim','Power','Zen'])[1 + g % 10] || ' '
        || (array['Turbo','Pro','Max','Plus','Prime','Gold','Express','Total'])[1 + (g / 10) % 8] || ' ' || g,
      (array['validando','pre-escala','escalando'])[1 + g % 3],
      (array['Emagrecimento','Espiritualidade','Sexualidade','Renda Extra','Hot','Saúde','Fitness',
             'Investimentos','Beleza','Desenvolvimento Pessoal','Outros'])[1 + (g / 7) % 11],
      (array['VSL','Typebot','WhatsApp','Quiz','Página de Vendas'])[1 + (g / 2) % 5],
      (array['Português','Português','Português','Inglês','Espanhol'])[1 + (g / 5) % 5],
      (g * 37) % 320,
      ((g * 13) % 900) / 100.0,
      ((g * 7919) % 90000) + 990,
      '{"criativo":"https://exemplo.com/c/' || g || '","site":"https://exemplo.com/s/' || g || '"}',
      g % 20 <> 0,
      now() - make_interval(mins => g),
      now() - make_interval(mins => g)
    from generate_series(1, ${offers}) g`);
  // Likes: 20 per member, a quarter of them on a few hundred popular offers (so "likes" sorts something real).
  await db.query(`
    with m as (select id, row_number() over (order by unique_id) as n from users)
    insert into offer_likes (offer_id, user_id)
    select 'bench-' || (1 + case when k < 5 then (m.n * 7 + k * 31) % 300 else (m.n * 7919 + k * 4729) % ${offers} end),
           m.id
    from m cross join generate_series(0, 19) k
    on conflict do nothing`);
  await db.query(`
    update offers set like_count = l.n
    from (select offer_id, count(*)::int as n from offer_likes group by offer_id) l where l.offer_id = offers.id`);
  await db.query(`
    update users set points = p.n
    from (select o.user_id, count(*)::int as n from offer_likes l join offers o on o.id = l.offer_id
          where o.user_id is not null and o.user_id <> l.user_id group by o.user_id) p
    where p.user_id = users.id`);
  await db.query(`
    with m as (select id, row_number() over (order by unique_id) as n from users)
    insert into favorites (offer_id, user_id)
    select 'bench-' || (1 + (m.n * 31 + k * 2003) % ${offers}), m.id from m cross join generate_series(0, 4) k
    on conflict do nothing`);
  await db.query(`
    with m as (select id, row_number() over (order by unique_id) as n from users)
    insert into offer_status_reports (offer_id, user_id, reported_status)
    select 'bench-' || (1 + (m.n * 17 + k * 997) % ${offers}), m.id,
           case when (m.n + k) % 3 = 0 then 'inativo' else 'ativo' end
    from m cross join generate_series(0, 9) k
    on conflict do nothing`);
  // A steady-state database: autovacuum would have set the visibility map and statistics by now.
  await db.query('vacuum analyze');
  // Twenty notifications delivered to everyone, half of them read: the bell's unread count counts something.
  await db.query(`
    with n as (insert into notifications (title, description, created_at)
               select 'Aviso ' || g, 'Novidade número ' || g, now() - make_interval(hours => g)
               from generate_series(1, 20) g returning id, title)
    insert into user_notifications (user_id, notification_id, is_read)
    select u.id, n.id, (hashtext(u.id::text || n.title) % 2 = 0) from users u cross join n`);
  const counts = await db.query<Record<string, number>>(`
    select (select count(*) from offers)::int as offers, (select count(*) from offers where not visible)::int as hidden,
           (select count(*) from users)::int as members, (select count(*) from offer_likes)::int as likes,
           (select count(*) from favorites)::int as favorites, (select count(*) from offer_status_reports)::int as votes`);
  return counts.rows[0]!;
}

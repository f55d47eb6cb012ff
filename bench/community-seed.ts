/**
 * Bulk seed of the community benchmark, run on the server's own cluster after it migrated: INSERT ... SELECT
 * generate_series statements (seconds). Members are `membro<n>@bench.test`.
 */
import type pg from 'pg';
import { hashPassword } from '../src/server/lib/crypto';

export const MEMBERS = 500;
export const POSTS = 3_000;
const PROMOTION_EVERY = 10; // one post in ten is a promotion post
const LIKES_PER_MEMBER = 20; // 500 × 20 = 10,000 likes, each a distinct (post, member) pair
const COMMENTS = 6_000;

/** 500 members, 3,000 posts, 10,000 likes of the last hours, 6,000 comments; returns the counts as stored. */
export async function seedCommunity(db: pg.Client) {
  const passwordHash = await hashPassword('bench-senha');
  await db.query(
    `insert into users (name, email, password_hash, unique_id, email_verified, status)
     select 'Membro ' || g, 'membro' || g || '@bench.test', $1, lpad(g::text, 6, '0'), true, 'Ativo'
     from generate_series(1, ${MEMBERS}) g`,
    [passwordHash],
  );
  await db.query(`
    with m as (select id, row_number() over (order by unique_id) as n from users where email like '%@bench.test')
    insert into posts (kind, user_id, title, description, nicho, formato, categoria, created_at)
    select
      case when g % ${PROMOTION_EVERY} = 0 then 'promotion' else 'community' end,
      (select id from m where m.n = 1 + g % ${MEMBERS}),
      (array['Escalei minha VSL','Dúvida sobre criativos','Resultado do mês','Como vocês fazem X1?',
             'Quiz convertendo bem','Página de vendas nova'])[1 + g % 6] || ' #' || g,
      repeat('Compartilhando o que funcionou esta semana com tráfego frio e criativos novos. ', 1 + g % 4)
        || 'Detalhes em https://exemplo.com/p/' || g,
      case when g % ${PROMOTION_EVERY} = 0
        then (array['Serviço','Sites','Criativos','Copy'])[1 + g % 4]
        else (array['Renda Extra','Sexualidade','Espiritualidade','Emagrecimento','Saúde','Nicho Hot','Outros'])[1 + g % 7]
      end,
      case when g % ${PROMOTION_EVERY} = 0
        then (array['Texto','Vídeo','Imagem','Arquivo','Link'])[1 + g % 5]
        else (array['VSL','Typebot','WhatsApp','Quiz','Página de Vendas'])[1 + g % 5]
      end,
      case when g % ${PROMOTION_EVERY} = 0
        then (array['Vendedor','Cliente'])[1 + g % 2]
        else (array['E-Commerce','Dropshipping','Marketing Direto','X1 WhatsApp'])[1 + g % 4]
      end,
      now() - make_interval(mins => g * 7)
    from generate_series(1, ${POSTS}) g`);
  // Likes: member n likes 20 distinct posts (k * 151 < 3000 for k < 20), spread over the table; the last 3 hours.
  await db.query(`
    with m as (select id, row_number() over (order by unique_id) as n from users where email like '%@bench.test'),
         p as (select id, row_number() over (order by created_at desc, id) - 1 as i from posts)
    insert into post_likes (post_id, user_id, created_at)
    select p.id, m.id, now() - make_interval(secs => (m.n * 20 + k))
    from m cross join generate_series(0, ${LIKES_PER_MEMBER - 1}) k
    join p on p.i = (m.n * 37 + k * 151) % ${POSTS}
    on conflict do nothing`);
  await db.query(`
    with m as (select id, row_number() over (order by unique_id) as n from users where email like '%@bench.test'),
         p as (select id, row_number() over (order by created_at desc, id) - 1 as i from posts)
    insert into post_comments (post_id, user_id, content, created_at)
    select p.id, (select id from m where m.n = 1 + g % ${MEMBERS}), 'Comentário ' || g, now() - make_interval(secs => g)
    from generate_series(1, ${COMMENTS}) g
    join p on p.i = (g * 7) % ${POSTS}`);
  await db.query(`
    update posts set
      like_count = (select count(*) from post_likes l where l.post_id = posts.id),
      comment_count = (select count(*) from post_comments c where c.post_id = posts.id)`);
  const counts = await db.query<{ posts: number; community: number; likes: number; comments: number }>(`
    select (select count(*)::int from posts) as posts,
           (select count(*)::int from posts where kind = 'community') as community,
           (select count(*)::int from post_likes) as likes,
           (select count(*)::int from post_comments) as comments`);
  await db.query('analyze');
  return counts.rows[0]!;
}

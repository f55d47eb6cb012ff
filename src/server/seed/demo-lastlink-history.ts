import { sql } from 'drizzle-orm';
import { SAO_PAULO_TIME_ZONE } from '../../shared/sao-paulo-month';
import type { DbOrTx } from '../db/client';

/** Demo buyers (e-mails on this domain, never real), and what their Lastlink history marks itself as. */
export const DEMO_BUYERS_DOMAIN = 'demo-compradores.clubeescala.local';
export const DEMO_HISTORY_OUTCOME = 'Demonstração: histórico de exemplo para a Visão geral do painel.';
const DEMO_BUYERS = 180;

/**
 * A year of Lastlink deliveries, and some days the demo members opened the club, for the owner's dashboard on a demo install ('Visão geral' shows paying members, MRR,
 * revenue, churn and cohorts at once): DEMO_BUYERS buyers whose first purchase falls on a day of the last 12 months,
 * more of them lately; a monthly plan renews every 30 days, a semestral one (one in four) every 180; about a third end
 * by a cancellation (dated by its CanceledDate), an expiry (ExpiredDate) or a refund. Stored as the webhook stores them
 * (payload as text, Lastlink Ids 'demo-…'), so the membership facts come from the same trigger as real deliveries;
 * nothing else happens (no purchase confirmed, no member changed). Deterministic: the same history on every install.
 */
export async function seedDemoLastlinkHistory(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    with buyers as (
      select g, 'comprador' || g || ${`@${DEMO_BUYERS_DOMAIN}`} as email, 'Comprador Demonstração ' || g as name,
        -- More recent buyers than old ones: the square root spreads the first purchases towards today.
        date_trunc('hour', now()) - make_interval(days => floor(364 * sqrt(((g * 7919) % ${DEMO_BUYERS}) / ${DEMO_BUYERS}::numeric))::int,
          hours => (g * 37) % 14) as first_at,
        case when g % 4 = 0 then 'mentoria-semestral' else 'mentoria-mensal' end as plan,
        case when g % 3 = 0 then 1 + (g * 13) % 5 end as payments_before_end
      from generate_series(1, ${DEMO_BUYERS}) g
    ),
    payments as (
      select b.*, r, b.first_at + make_interval(days => case when b.plan = 'mentoria-semestral' then 180 else 30 end * r) as at
      from buyers b, generate_series(0, 12) r
      where b.first_at + make_interval(days => case when b.plan = 'mentoria-semestral' then 180 else 30 end * r) <= now()
        and (b.payments_before_end is null or r < b.payments_before_end)
    ),
    endings as (
      select b.*, (array['Subscription_Canceled', 'Subscription_Expired', 'Payment_Refund'])[1 + b.g % 3] as kind,
        b.first_at + make_interval(days => case when b.plan = 'mentoria-semestral' then 180 else 30 end
          * (b.payments_before_end - 1) + 12) as at
      from buyers b where b.payments_before_end is not null
    ),
    deliveries as (
      select 'demo-pay-' || g || '-' || r as id,
        case when r = 0 then 'Purchase_Order_Confirmed' else 'Recurrent_Payment' end as kind,
        email, name, plan, at,
        json_build_object('Id', 'demo-pay-' || g || '-' || r, 'IsTest', false,
          'Event', case when r = 0 then 'Purchase_Order_Confirmed' else 'Recurrent_Payment' end, 'CreatedAt', at,
          'Data', json_build_object('Buyer', json_build_object('Email', email, 'Name', name),
            'Purchase', json_build_object('PaymentDate', at, 'Recurrency', r + 1,
              'Price', json_build_object('Value', case plan when 'mentoria-semestral' then 497 else 97 end)))) as payload
      from payments
      union all
      select 'demo-end-' || g, kind, email, name, plan, at,
        json_build_object('Id', 'demo-end-' || g, 'IsTest', false, 'Event', kind, 'CreatedAt', at + interval '2 minutes',
          'Data', json_build_object('Buyer', json_build_object('Email', email, 'Name', name),
            'Subscriptions', json_build_array(case kind
              when 'Subscription_Canceled' then json_build_object('Id', 'demo-sub-' || g, 'CanceledDate', at)
              when 'Subscription_Expired' then json_build_object('Id', 'demo-sub-' || g, 'ExpiredDate', at)
              else json_build_object('Id', 'demo-sub-' || g) end)))
      from endings where at <= now()
    ),
    inserted as (
      insert into webhook_events (external_id, event_type, buyer_name, buyer_email, plan_type, plan_mapped, raw_data,
        outcome, received_at)
      select id, kind, name, email, plan, true, payload::text, ${DEMO_HISTORY_OUTCOME}, at + interval '2 minutes'
      from deliveries
      on conflict (external_id) do nothing
      returning id
    )
    -- Registered as demo content (removed with it).
    insert into demo_content (table_name, row_id) select 'webhook_events', id::text from inserted
  `);
  // The demo members opened the club on some of the last 45 days (they cannot sign in: 'Membros ativos' has a curve).
  await db.execute(sql`
    insert into user_activity_days (user_id, day)
    select u.id, (now() at time zone ${SAO_PAULO_TIME_ZONE})::date - d
    from users u, generate_series(0, 44) d
    where u.email like '%@demo.clubeescala.local' and abs(hashtext(u.email || d)) % 3 = 0
    on conflict do nothing
  `);
}

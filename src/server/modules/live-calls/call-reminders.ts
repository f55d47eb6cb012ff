import { sql } from 'drizzle-orm';
import { LIVE_CALL_ACCESS_DAYS } from '../../../shared/schemas/live-calls';
import type { Db } from '../../db/client';
import { notifyMembers } from '../notifications/notifications.repo';
import { CALL_TIME_ZONE, CALLS_TAB_PATH } from './live-calls.calendar';

/** How far ahead a call is reminded: its members hear of it once, within the hour before it starts. */
export const REMINDER_LEAD_MINUTES = 60;

type DueCall = {
  id: string;
  title: string;
  callDate: string;
  callTime: string;
  status: string;
  startsAt: Date;
  /** The day in São Paulo at the tick ('YYYY-MM-DD'): "hoje" when the call is on it. */
  today: string;
};

/** The call's start (callDate + callTime, São Paulo wall clock) as a timestamptz. */
const startSql = sql`((call_date + call_time::time) at time zone ${CALL_TIME_ZONE})`;

/** Dated calls, not deleted, not 'Adiada', not yet reminded, starting after `now` and within the lead. */
async function findDueCalls(db: Db, now: Date): Promise<DueCall[]> {
  const at = now.toISOString();
  const result = await db.execute<DueCall>(sql`
    select id, title, call_date::text as "callDate", call_time as "callTime", status,
           ${startSql} as "startsAt",
           (${at}::timestamptz at time zone ${CALL_TIME_ZONE})::date::text as "today"
      from live_calls
     where deleted_at is null and reminder_sent_at is null and call_date is not null and status <> 'Adiada'
       and call_date between (${at}::timestamptz at time zone ${CALL_TIME_ZONE})::date
                         and ((${at}::timestamptz + make_interval(mins => ${REMINDER_LEAD_MINUTES}))
                               at time zone ${CALL_TIME_ZONE})::date
       and ${startSql} > ${at}::timestamptz
       and ${startSql} <= ${at}::timestamptz + make_interval(mins => ${REMINDER_LEAD_MINUTES})`);
  return result.rows.map((row) => ({ ...row, startsAt: new Date(row.startsAt) }));
}

/**
 * Who may watch the call, as the calls tab decides: active, verified members (the administrator too); a published
 * call (a recording) only for accounts at least 7 days old, the tab's 'Acesso Bloqueado' rule.
 */
function watchersOf(status: string) {
  return sql`select u.id from users u
     where u.status = 'Ativo' and u.email_verified
       and (${status} <> 'Publicado' or u.role = 'admin'
            or u.created_at <= now() - make_interval(days => ${LIVE_CALL_ACCESS_DAYS}))`;
}

/** "começa em 1 hora" near the hour, else the minutes left (a call created 20 minutes before it starts). */
function startsIn(call: DueCall, now: Date): string {
  const minutes = Math.max(1, Math.round((call.startsAt.getTime() - now.getTime()) / 60_000));
  if (minutes >= 55) return 'começa em 1 hora';
  return minutes === 1 ? 'começa em 1 minuto' : `começa em ${minutes} minutos`;
}

/**
 * Claims the call (a conditional UPDATE: of two instances only one gets the row) and, in the same transaction,
 * creates the one notice delivered to every member who may watch it. False when another tick claimed it first or
 * the call changed meanwhile.
 */
async function remind(db: Db, call: DueCall, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx.execute(sql`
      update live_calls set reminder_sent_at = now()
       where id = ${call.id} and reminder_sent_at is null and deleted_at is null and status <> 'Adiada'
         and call_date = ${call.callDate}::date and call_time = ${call.callTime}
       returning id`);
    if (claimed.rows.length === 0) return false;
    const day = call.callDate === call.today ? 'hoje' : 'amanhã';
    await notifyMembers(
      tx,
      {
        kind: 'call-reminder',
        title: `A call '${call.title}' ${startsIn(call, now)}`,
        description: `Começa ${day} às ${call.callTime} (horário de Brasília). Acesse pela aba Calls ao Vivo.`,
        link: CALLS_TAB_PATH,
      },
      watchersOf(call.status),
    );
    return true;
  });
}

/** One pass: reminds every call due now; returns the ids of the calls this pass reminded. */
export async function remindDueCalls(db: Db, now = new Date()): Promise<string[]> {
  const reminded: string[] = [];
  for (const call of await findDueCalls(db, now)) {
    if (await remind(db, call, now)) reminded.push(call.id);
  }
  return reminded;
}

/**
 * The one-hour reminder of the live calls: every instance checks each minute (`.unref()`d timer); the claim in
 * `remind` makes one reminder per call across instances. `tick()` is one pass (the timer calls it; tests too).
 */
export function startCallReminderSchedule(options: {
  db: Db;
  log: { error(message: string): void };
  everyMs?: number;
}): { tick(now?: Date): Promise<string[]>; stop(): void } {
  let running: Promise<string[]> | null = null;
  const tick = (now?: Date) => {
    running ??= remindDueCalls(options.db, now).finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(
    () =>
      void tick().catch((error: unknown) =>
        options.log.error(`lembrete das calls: ${(error as Error).message}`),
      ),
    options.everyMs ?? 60_000,
  );
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}

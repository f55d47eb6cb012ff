/**
 * Crowds behind one address (issue #22): 200 buyers register and sign in from one address (a launch-day room, an
 * office, a carrier's shared address) within a few minutes, then someone there tries 31 wrong passwords. Against the
 * built server as users run it (bench-kit), every request from 127.0.0.1. Prints how many got in, how long it took,
 * and which wrong password first met 429 (the limit: 30 failures per address in 15 minutes).
 *
 *   npx tsx bench/crowd-bench.ts        (BENCH_SKIP_BUILD=1 when dist/ is current; BENCH_BUYERS=200)
 */
import { buildApp, connect, machineLine, run, startServer } from './bench-kit';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 200);
const TOKEN = 'bench-crowd-token';
const PASSWORD = 'senha-do-evento-1';

run(async (cleanup) => {
  const machine = machineLine();
  if (!process.env.BENCH_SKIP_BUILD) buildApp();
  const server = await startServer('crowd', { LASTLINK_WEBHOOK_TOKEN: TOKEN });
  cleanup(server.stop);
  const headers = { 'content-type': 'application/json', origin: server.base };
  const emails = Array.from({ length: BUYERS }, (_, i) => `comprador-${i}@evento.exemplo`);

  for (const email of emails) {
    const res = await fetch(`${server.base}/api/webhook/lastlink`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-lastlink-token': TOKEN },
      body: JSON.stringify({
        Id: crypto.randomUUID(),
        Event: 'Purchase_Order_Confirmed',
        Data: { Buyer: { Email: email } },
      }),
    });
    if (res.status !== 200) throw new Error(`webhook respondeu ${res.status}`);
  }

  const started = Date.now();
  const registered: number[] = [];
  for (const email of emails) {
    const res = await fetch(`${server.base}/api/auth/register`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Comprador do Evento', email, password: PASSWORD }),
    });
    registered.push(res.status);
  }
  // The e-mailed code is not the subject here: the accounts are verified straight in the database.
  const db = await connect(server.databaseUrl);
  await db.query(`update users set email_verified = true where email like '%@evento.exemplo'`);
  await db.end();
  const logins: number[] = [];
  for (const email of emails) {
    const res = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    logins.push(res.status);
  }
  const seconds = (Date.now() - started) / 1000;

  let firstLimited = 0;
  for (let i = 1; i <= 31; i++) {
    const res = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: emails[i % BUYERS], password: 'senha-errada-1' }),
    });
    if (res.status === 429) {
      firstLimited = i;
      break;
    }
  }

  const count = (list: number[], status: number) => list.filter((s) => s === status).length;
  console.log(`\n${machine}`);
  console.log(`${BUYERS} compradores, um endereço (127.0.0.1), em ${seconds.toFixed(1)} s:`);
  console.log(
    `  cadastros: ${count(registered, 201)} criados, ${count(registered, 429)} recusados por limite`,
  );
  console.log(`  logins:    ${count(logins, 200)} entraram, ${count(logins, 429)} recusados por limite`);
  console.log(
    firstLimited
      ? `  senhas erradas: a ${firstLimited}ª recebeu 429 (limite: 30 falhas por endereço em 15 min)`
      : '  senhas erradas: nenhuma das 31 recebeu 429',
  );
});

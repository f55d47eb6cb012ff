/**
 * nginx and HAProxy in front of the app, configured with the blocks of docs/operations.md themselves (so the tests and
 * the bench run what the owner copies): the documented upstream addresses replaced by the instances', `listen 443 ssl`
 * by a loopback port, and around the documented block only what a runnable file needs (paths, timeouts, a frontend).
 * Used by e2e/rolling-balancers.e2e.ts (where the machine has them) and by bench/rolling-bench.ts when
 * BENCH_BALANCER=nginx or haproxy.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { projectRoot } from '../src/server/lib/paths';

export type RealBalancerKind = 'nginx' | 'haproxy';

export interface RealBalancer {
  url: string;
  version: string;
  /**
   * Resolves once the balancer sends requests to the instance of `upstreams[index]` again (the documented procedure's
   * wait before stopping the next one): HAProxy says so (`show servers state`: running, after `rise` checks); nginx
   * has no such state, it tries the instance again `fail_timeout` after its last failure, so that long is waited.
   */
  waitUntilServing(index: number): Promise<void>;
  /**
   * nginx's error log: requests an instance cut after they were sent to it ("reset by peer", "prematurely closed"),
   * even the ones nginx then sent elsewhere (GET), and moments with no instance to send to. Empty for HAProxy.
   */
  cutRequests(): string[];
  close(): Promise<void>;
}

/** The fenced block of docs/operations.md (of the project at `root`) that follows `heading` (a line that starts with it). */
export function documentedBlock(language: string, heading: string, root = projectRoot): string {
  const doc = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
  const at = doc.indexOf(`\n${heading}`);
  if (at < 0) throw new Error(`docs/operations.md: "${heading}" não encontrado`);
  const open = doc.indexOf(`\`\`\`${language}\n`, at);
  const close = doc.indexOf('\n```', open + 4);
  if (open < 0 || close < 0)
    throw new Error(`docs/operations.md: bloco ${language} depois de "${heading}" não encontrado`);
  return doc.slice(open + language.length + 4, close + 1);
}

/** The documented `server` lines (10.0.0.11:3000, 10.0.0.12:3000) become one line per instance, same options. */
function withUpstreams(block: string, upstreams: number[]): string {
  const lines = block.split('\n');
  const first = lines.findIndex((l) => l.includes('10.0.0.11:3000'));
  const template = lines[first];
  if (first < 0 || !template) throw new Error('bloco sem a linha do servidor 10.0.0.11:3000');
  const rest = lines.filter((l, i) => i !== first && !/10\.0\.0\.\d+:3000/.test(l));
  const servers = upstreams.map((port, i) =>
    template.replace('10.0.0.11:3000', `127.0.0.1:${port}`).replace(/\bserver a\b/, `server i${i}`),
  );
  rest.splice(first, 0, ...servers);
  return rest.join('\n');
}

export function balancerInstalled(kind: RealBalancerKind): string | null {
  const r = spawnSync(kind === 'nginx' ? 'nginx' : 'haproxy', ['-v'], { encoding: 'utf8' });
  if (r.error) return null;
  return `${r.stdout}${r.stderr}`.split('\n')[0]?.trim() ?? kind;
}

async function waitForPort(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`o balanceador terminou:\n${output()}`);
    try {
      await fetch(`${url}/api/health/live`);
      return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`o balanceador não respondeu:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The documented blocks, as the owner copies them. */
export const documentedBalancerBlock = (kind: RealBalancerKind, root = projectRoot) =>
  kind === 'nginx'
    ? documentedBlock('nginx', 'nginx (sem verificação ativa', root)
    : documentedBlock('haproxy', 'HAProxy (verificação ativa)', root);

/** Starts `kind` on 127.0.0.1:`port` in front of the instances on `upstreams` (ports), with the documented block. */
export async function startRealBalancer(
  kind: RealBalancerKind,
  dir: string,
  port: number,
  upstreams: number[],
  root = projectRoot,
): Promise<RealBalancer> {
  const version = balancerInstalled(kind);
  if (!version) throw new Error(`${kind} não está instalado`);
  let config: string;
  let args: string[];
  const file = path.join(dir, `${kind}.conf`);
  if (kind === 'nginx') {
    const documented = withUpstreams(documentedBalancerBlock('nginx', root), upstreams).replace(
      'listen 443 ssl;',
      `listen 127.0.0.1:${port};`,
    );
    config = [
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/nginx-error.log warn;`,
      // Two worker processes, as `auto` gives on 2 cores: the block's shared zone is what makes them agree.
      'worker_processes 2;',
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${dir}/nginx-body;`,
      `  proxy_temp_path ${dir}/nginx-proxy;`,
      documented,
      '}',
      '',
    ].join('\n');
    args = ['-p', dir, '-c', file, '-g', 'daemon off;'];
  } else {
    const documented = withUpstreams(documentedBalancerBlock('haproxy', root), upstreams);
    config = [
      'global',
      '  maxconn 4096',
      `  stats socket ${dir}/haproxy.sock mode 600 level admin`,
      'defaults',
      '  mode http',
      '  timeout connect 5s',
      '  timeout client 60s',
      '  timeout server 60s',
      'frontend web',
      `  bind 127.0.0.1:${port}`,
      '  default_backend clube',
      documented,
      '',
    ].join('\n');
    args = ['-f', file, '-db'];
  }
  await writeFile(file, config);
  const child = spawn(kind, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForPort(url, child, () => output);
  const documented = documentedBalancerBlock(kind, root);
  return {
    url,
    version,
    cutRequests() {
      if (kind !== 'nginx') return [];
      return readFileSync(path.join(dir, 'nginx-error.log'), 'utf8')
        .split('\n')
        .filter((line) => /reset by peer|prematurely closed|no live upstreams/.test(line));
    },
    async waitUntilServing(index) {
      if (kind === 'nginx') {
        const failTimeout = /fail_timeout=(\d+)s/.exec(documented)?.[1];
        if (!failTimeout) throw new Error('bloco do nginx sem fail_timeout');
        await new Promise((r) => setTimeout(r, Number(failTimeout) * 1000));
        return;
      }
      const deadline = Date.now() + 30_000;
      while (!(await haproxyServerRunning(path.join(dir, 'haproxy.sock'), `i${index}`))) {
        if (Date.now() > deadline) throw new Error(`o HAProxy não voltou a usar a instância i${index}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Whether HAProxy's backend `clube` has server `name` running (its runtime API: `show servers state`). */
function haproxyServerRunning(socket: string, name: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const client = net.connect(socket, () => client.end('show servers state clube\n'));
    client.on('data', (chunk) => {
      answer += chunk;
    });
    client.on('error', reject);
    client.on('close', () => {
      // "# be_id be_name srv_id srv_name srv_addr srv_op_state ...": 2 is running.
      const fields = answer
        .split('\n')
        .map((line) => line.split(' '))
        .find((f) => f[3] === name);
      resolve(fields?.[5] === '2');
    });
  });
}

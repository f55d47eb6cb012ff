import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small load balancer for the tests: round robin over the upstreams that pass an active readiness check
 * (GET /api/health/ready every `checkMs`). With `retry`, a request whose upstream refuses or drops the connection
 * before answering goes to the next one (nginx's `proxy_next_upstream error`; bodies are small and kept); without it,
 * the client gets 502, as from a cloud balancer that does not retry: only the app's drain keeps such a restart clean.
 */
export class TestBalancer {
  private readonly server: http.Server;
  private readonly healthy = new Set<string>();
  private upstreams: string[] = [];
  private next = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  url = '';

  constructor(private readonly options: { checkMs: number; retry: boolean } = { checkMs: 250, retry: true }) {
    this.server = http.createServer((req, res) => void this.forward(req, res));
    // Like a cloud balancer's (60 s and more), much longer than a client's own idle timeout (undici: 4 s): the client
    // always closes an idle connection first, so it never sends a request on one this server is closing. Node's 5 s
    // left a 1 s margin that a loaded test process's stalled timers sometimes missed.
    this.server.keepAliveTimeout = 65_000;
  }

  async start(upstreams: string[]): Promise<void> {
    this.upstreams = [...upstreams];
    await this.check();
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.timer = setInterval(() => void this.check(), this.options.checkMs);
  }

  /** Swaps one upstream for another (a restarted instance on a new port): it joins once its check passes. */
  replace(old: string, fresh: string): void {
    this.upstreams = this.upstreams.map((u) => (u === old ? fresh : u));
    this.healthy.delete(old);
  }

  isHealthy(upstream: string): boolean {
    return this.healthy.has(upstream);
  }

  private async check(): Promise<void> {
    await Promise.all(
      this.upstreams.map(async (upstream) => {
        try {
          const res = await fetch(`${upstream}/api/health/ready`, { signal: AbortSignal.timeout(1000) });
          await res.arrayBuffer();
          if (res.ok) this.healthy.add(upstream);
          else this.healthy.delete(upstream);
        } catch {
          this.healthy.delete(upstream);
        }
      }),
    );
  }

  private pick(skip: Set<string>): string | undefined {
    const candidates = this.upstreams.filter((u) => this.healthy.has(u) && !skip.has(u));
    if (candidates.length === 0) return undefined;
    this.next = (this.next + 1) % candidates.length;
    return candidates[this.next];
  }

  private async forward(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const tried = new Set<string>();
    for (;;) {
      const upstream = this.pick(tried);
      if (!upstream) {
        res.writeHead(502, { 'content-type': 'text/plain' }).end('nenhuma instância disponível');
        return;
      }
      tried.add(upstream);
      const answered = await new Promise<boolean>((resolve) => {
        const target = new URL(req.url ?? '/', upstream);
        const outgoing = http.request(
          target,
          { method: req.method, headers: { ...req.headers, host: target.host }, agent: this.agent },
          (upstreamRes) => {
            res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
            upstreamRes.pipe(res);
            resolve(true);
          },
        );
        // Refused or dropped before any answer: the next instance gets it (nothing was sent to the client yet).
        outgoing.on('error', () => {
          if (this.options.retry) {
            this.healthy.delete(upstream);
            resolve(false);
          } else {
            res.writeHead(502, { 'content-type': 'text/plain' }).end('instância não respondeu');
            resolve(true);
          }
        });
        outgoing.end(body);
      });
      if (answered) return;
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.agent.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

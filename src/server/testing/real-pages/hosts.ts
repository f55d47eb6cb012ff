import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer of a fixture host. */
export interface Reply {
  type: string;
  body: string | Buffer;
  status?: number;
  headers?: Record<string, string>;
}

/** A host's routes: the answer for a path (query in `url`), or null for its 404. */
export type Routes = (path: string, url: URL) => Reply | null | Promise<Reply | null>;

export interface Host {
  origin: string;
  /** Every request it received (path and query). */
  paths: string[];
  close(): Promise<void>;
}

export function listen(server: Server, address: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, address, () => resolve((server.address() as AddressInfo).port));
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/**
 * A fixture host on a loopback address (127.0.0.1 for the pages, 127.0.0.2-4 for their CDNs: other origins, as on
 * the web). Every answer allows any origin (CDNs do: fonts need it).
 */
export async function startHost(address: string, routes: Routes): Promise<Host> {
  const paths: string[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    paths.push(req.url ?? '/');
    try {
      const reply = await routes(url.pathname, url);
      const answer = reply ?? { type: 'text/html; charset=utf-8', body: '<h1>404</h1>', status: 404 };
      res.writeHead(answer.status ?? 200, {
        'content-type': answer.type,
        'access-control-allow-origin': '*',
        ...answer.headers,
      });
      res.end(req.method === 'HEAD' ? undefined : answer.body);
    } catch (err) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
    }
  });
  const port = await listen(server, address);
  return { origin: `http://${address}:${port}`, paths, close: () => closeServer(server) };
}

export const css = (body: string): Reply => ({ type: 'text/css; charset=utf-8', body });
export const js = (body: string): Reply => ({ type: 'application/javascript; charset=utf-8', body });
export const html = (body: string): Reply => ({ type: 'text/html; charset=utf-8', body });
export const json = (body: unknown): Reply => ({ type: 'application/json', body: JSON.stringify(body) });

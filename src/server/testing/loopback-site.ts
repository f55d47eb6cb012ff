import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real HTTP server on 127.0.0.1 for the tools that fetch: it records every request path and counts connections. */
export interface TestSite {
  port: number;
  host: string;
  origin: string;
  url(path: string): string;
  paths: string[];
  connections(): number;
  close(): Promise<void>;
}

export async function startSite(
  handler: (req: IncomingMessage, res: ServerResponse, path: string) => void,
): Promise<TestSite> {
  const paths: string[] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    paths.push(path);
    handler(req, res, path);
  });
  server.on('connection', () => {
    connections++;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    port,
    host: `127.0.0.1:${port}`,
    origin,
    url: (path: string) => `${origin}${path}`,
    paths,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Socket } from 'node:net';

/** A real HTTP server on 127.0.0.1 for the tools that fetch: it records every request path and counts connections. */
export interface TestSite {
  port: number;
  host: string;
  origin: string;
  url(path: string): string;
  paths: string[];
  connections(): number;
  /** Connections that opened with a TLS handshake (someone tried https on this plain-http port): refused. */
  tlsHandshakes(): number;
  close(): Promise<void>;
}

/** The first byte of a TLS record carrying a handshake (the ClientHello of an https attempt). */
const TLS_HANDSHAKE = 0x16;

export async function startSite(
  handler: (req: IncomingMessage, res: ServerResponse, path: string) => void,
): Promise<TestSite> {
  const paths: string[] = [];
  let connections = 0;
  let tlsHandshakes = 0;
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    paths.push(path);
    handler(req, res, path);
  });
  // A front socket reads the first bytes: an https attempt is counted and cut (as a host without https
  // answers it), anything else is handed to the HTTP server.
  const front = createTcpServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.once('data', (first) => {
      socket.pause();
      if (first[0] === TLS_HANDSHAKE) {
        tlsHandshakes++;
        socket.destroy();
        return;
      }
      socket.unshift(first);
      server.emit('connection', socket);
      socket.resume();
    });
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const { port } = front.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    port,
    host: `127.0.0.1:${port}`,
    origin,
    url: (path: string) => `${origin}${path}`,
    paths,
    connections: () => connections,
    tlsHandshakes: () => tlsHandshakes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
        front.close(() => resolve());
      }),
  };
}

import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service of our own on 127.0.0.1, as a browser vendor's would answer the club: every POST must carry a VAPID
 * Authorization (RFC 8292: an ES256 JWT whose aud is this origin and whose exp is in the future, verified with the
 * key it names) and an aes128gcm body (RFC 8188) that this service decrypts with the device's private key and auth
 * secret (RFC 8291), written here with node:crypto, independently of web-push's own encryption. The plaintext is
 * recorded per device; a device can be told to answer 404, 410 or 500.
 */
export interface PushServiceDevice {
  /** What the browser's PushSubscription.toJSON() gives (expirationTime null). */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** Every message this device received and decrypted, in order. */
  messages: ReceivedPush[];
  /** The status the service answers for this device (201 by default). */
  answer: number;
}

export interface ReceivedPush {
  /** The decrypted body. */
  text: string;
  ttl: string | undefined;
  urgency: string | undefined;
  /** The JWT's `sub` and the VAPID public key (`k`) that signed it. */
  subject: string;
  vapidKey: string;
}

export interface PushService {
  origin: string;
  /** A new device (its own key pair and auth secret) with an endpoint on this service. */
  device(): PushServiceDevice;
  /** Requests refused for a bad signature, audience, expiry or encryption, with the reason. */
  rejected: string[];
  close(): Promise<void>;
}

interface DeviceSecrets {
  device: PushServiceDevice;
  privateKey: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
}

class Refused extends Error {}

export async function startPushService(): Promise<PushService> {
  const devices = new Map<string, DeviceSecrets>();
  const rejected: string[] = [];
  let origin = '';

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const id = /^\/push\/([a-z0-9-]+)$/.exec(req.url ?? '')?.[1];
    const secrets = id ? devices.get(id) : undefined;
    if (req.method !== 'POST' || !secrets) {
      res.writeHead(404).end();
      return;
    }
    try {
      const { subject, vapidKey } = checkVapid(req, origin);
      if (req.headers['content-encoding'] !== 'aes128gcm') throw new Refused('content-encoding');
      const text = decryptAes128gcm(Buffer.concat(chunks), secrets).toString('utf8');
      if (secrets.device.answer >= 200 && secrets.device.answer < 300) {
        secrets.device.messages.push({
          text,
          ttl: header(req, 'ttl'),
          urgency: header(req, 'urgency'),
          subject,
          vapidKey,
        });
      }
      res.writeHead(secrets.device.answer).end();
    } catch (error) {
      rejected.push((error as Error).message);
      res.writeHead(error instanceof Refused ? 401 : 400).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    rejected,
    device() {
      const id = randomUUID();
      const privateKey = createECDH('prime256v1');
      const publicKey = privateKey.generateKeys();
      const auth = randomBytes(16);
      const device: PushServiceDevice = {
        subscription: {
          endpoint: `${origin}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
        },
        messages: [],
        answer: 201,
      };
      devices.set(id, { device, privateKey, publicKey, auth });
      return device;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT signed ES256 by k, aud this origin, exp within 24 h. */
function checkVapid(req: IncomingMessage, origin: string): { subject: string; vapidKey: string } {
  const authorization = header(req, 'authorization') ?? '';
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (!match) throw new Refused(`authorization: ${authorization}`);
  const [, jwt = '', k = ''] = match;
  const [head = '', body = '', signature = ''] = jwt.split('.');
  const key = Buffer.from(k, 'base64url');
  if (key.length !== 65 || key[0] !== 4) throw new Refused('vapid key');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: key.subarray(1, 33).toString('base64url'),
      y: key.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Refused('signature');
  const jose = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
  if (jose.alg !== 'ES256') throw new Refused(`alg ${jose.alg}`);
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (claims.aud !== origin) throw new Refused(`aud ${claims.aud}`);
  const now = Date.now() / 1000;
  if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + 24 * 60 * 60) {
    throw new Refused(`exp ${claims.exp}`);
  }
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) throw new Refused(`sub ${claims.sub}`);
  return { subject: claims.sub, vapidKey: k };
}

/** RFC 8188 records keyed per RFC 8291: the plaintext, or an error when anything does not authenticate. */
function decryptAes128gcm(body: Buffer, secrets: DeviceSecrets): Buffer {
  if (body.length < 21) throw new Error('body too short');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const senderKey = body.subarray(21, 21 + idLength);
  if (senderKey.length !== 65 || recordSize < 18) throw new Error('aes128gcm header');
  const ecdhSecret = secrets.privateKey.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), secrets.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, secrets.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const records = body.subarray(21 + idLength);
  const out: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < records.length; offset += recordSize, seq++) {
    const record = records.subarray(offset, offset + recordSize);
    const iv = Buffer.from(nonce);
    // The record's sequence number XORed into the nonce's last bytes (fewer than 2^32 records here).
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, iv);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // Padding: the content, then a delimiter (2 in the last record, 1 before), then zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    const last = offset + recordSize >= records.length;
    if (end < 0 || plain[end] !== (last ? 2 : 1)) throw new Error('padding delimiter');
    out.push(plain.subarray(0, end));
  }
  return Buffer.concat(out);
}

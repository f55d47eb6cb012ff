import { generateKeyPairSync, sign } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import { hasError, isStaticPix, parsePix } from 'pix-utils';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { balanceLedger, users } from '../../db/schema/index';
import { startSite, type TestSite } from '../../testing/loopback-site';
import { buildBrCode } from './br-code';

/** A CPF with valid check digits (a well-known test number). */
export const VALID_CPF = '529.982.247-25';

export const validChargeBody = (over: Record<string, unknown> = {}) => ({
  amount: 50,
  name: 'Maria Teste',
  document: VALID_CPF,
  email: 'maria@example.com',
  ...over,
});

/** The member's balance, the sum of their ledger and its number of rows (cents). */
export async function ledgerState(db: Db, userId: string) {
  const [user] = await db.select({ cents: users.balanceCents }).from(users).where(eq(users.id, userId));
  const [sum] = await db
    .select({
      total: sql<number>`coalesce(sum(${balanceLedger.amountCents}), 0)::int`,
      n: sql<number>`count(*)::int`,
    })
    .from(balanceLedger)
    .where(eq(balanceLedger.userId, userId));
  return { balance: user?.cents ?? -1, ledgerSum: sum?.total ?? 0, rows: sum?.n ?? 0 };
}

/** Parses a BR Code with pix-utils (an independent parser that checks the CRC) and returns its fields. */
export function parseBrCode(code: string) {
  const parsed = parsePix(code);
  if (hasError(parsed)) throw new Error(`BR Code refused by pix-utils: ${parsed.message}`);
  if (!isStaticPix(parsed)) throw new Error('expected a BR Code with key and amount');
  return parsed;
}

export const FAKE_WOOVI_APP_ID = 'app-id-de-teste';

interface FakeCharge {
  correlationID: string;
  value: number;
  status: 'ACTIVE' | 'COMPLETED' | 'EXPIRED';
  transactionID: string;
  brCode: string;
  customer: unknown;
}

/**
 * A Woovi API on loopback: POST /api/v1/charge and GET /api/v1/charge/:id as the documentation describes them,
 * refusing a wrong AppID; the test pays charges with `pay`.
 */
export async function startFakeWoovi(): Promise<
  TestSite & {
    charges: Map<string, FakeCharge>;
    pay(correlationID: string, value?: number): void;
    expire(correlationID: string): void;
    failing: { value: boolean };
  }
> {
  const charges = new Map<string, FakeCharge>();
  const failing = { value: false };
  let n = 0;
  const site = await startSite((req, res, path) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (failing.value) return send(503, { error: 'indisponível' });
      if (req.headers.authorization !== FAKE_WOOVI_APP_ID) return send(401, { error: 'appID inválido' });
      if (req.method === 'POST' && path === '/api/v1/charge') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (typeof body.correlationID !== 'string' || !Number.isInteger(body.value)) {
          return send(400, { error: 'correlationID e value são obrigatórios' });
        }
        if (charges.has(body.correlationID)) return send(400, { error: 'correlationID já usado' });
        n++;
        const charge: FakeCharge = {
          correlationID: body.correlationID,
          value: body.value,
          status: 'ACTIVE',
          transactionID: `woovi${n}`,
          customer: body.customer,
          brCode: buildBrCode({
            key: 'chave-aleatoria-da-conta-woovi',
            amountCents: body.value,
            merchantName: 'Clube Escala',
            merchantCity: 'Sao Paulo',
            txId: `woovi${n}`,
          }),
        };
        charges.set(charge.correlationID, charge);
        return send(200, {
          charge: { ...charge, expiresDate: new Date(Date.now() + body.expiresIn * 1000).toISOString() },
          correlationID: charge.correlationID,
          brCode: charge.brCode,
        });
      }
      const match = /^\/api\/v1\/charge\/([^/?]+)$/.exec(path);
      if (req.method === 'GET' && match) {
        const charge = charges.get(decodeURIComponent(match[1] as string));
        return charge ? send(200, { charge }) : send(404, { error: 'Cobrança não encontrada' });
      }
      send(404, { error: 'rota desconhecida' });
    });
  });
  return {
    ...site,
    charges,
    failing,
    pay(correlationID, value) {
      const charge = charges.get(correlationID);
      if (!charge) throw new Error(`no fake charge ${correlationID}`);
      charge.status = 'COMPLETED';
      if (value !== undefined) charge.value = value;
    },
    expire(correlationID) {
      const charge = charges.get(correlationID);
      if (charge) charge.status = 'EXPIRED';
    },
  };
}

/** A key pair standing in for Woovi's: the public half is configured, the private half signs test webhooks. */
export function webhookKeys() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  return {
    publicKeyPem: pem,
    /** As Woovi's documentation gives its key: the PEM in base64. */
    publicKeyBase64: Buffer.from(pem).toString('base64'),
    sign: (body: string) => sign('sha256', Buffer.from(body), privateKey).toString('base64'),
  };
}

/** What a phone's camera reads in a QR image (a PNG data URL), or null when it is no QR code. */
export async function readQrCode(dataUrl: string): Promise<string | null> {
  const [header, base64] = dataUrl.split(',');
  if (header !== 'data:image/png;base64' || !base64) return null;
  const { data, info } = await sharp(Buffer.from(base64, 'base64'))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

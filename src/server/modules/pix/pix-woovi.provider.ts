import { createHmac, createPublicKey, type KeyObject, verify } from 'node:crypto';
import type { AppConfig } from '../../config';
import { safeEqual } from '../../lib/crypto';
import { AppError, ConflictError } from '../../lib/errors';
import type { PixProviderClient, ProviderChargeStatus } from './pix.provider';

const TIMEOUT_MS = 10_000;
export const PIX_PROVIDER_UNAVAILABLE =
  'Não foi possível falar com o provedor PIX agora. Tente novamente em instantes.';

export class PixProviderError extends AppError {
  constructor(message = PIX_PROVIDER_UNAVAILABLE, cause?: unknown) {
    super(502, message);
    if (cause) this.cause = cause;
  }
}

interface WooviCharge {
  correlationID?: string;
  value?: number;
  status?: string;
  brCode?: string;
  transactionID?: string;
  expiresDate?: string;
}

/** Woovi/OpenPix REST API: Authorization is the application's AppID; amounts are integer cents. */
export function createWooviProvider(config: AppConfig): PixProviderClient {
  const appId = config.WOOVI_APP_ID;
  const call = async (
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ charge?: WooviCharge; brCode?: string }> => {
    if (!appId) throw new PixProviderError('PIX indisponível: WOOVI_APP_ID não configurado.');
    let res: Response;
    try {
      res = await fetch(`${config.WOOVI_API_URL}${path}`, {
        method,
        headers: {
          authorization: appId,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new PixProviderError(PIX_PROVIDER_UNAVAILABLE, error);
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) {
      throw new PixProviderError(
        PIX_PROVIDER_UNAVAILABLE,
        new Error(`Woovi ${method} ${path}: ${res.status}`),
      );
    }
    try {
      return JSON.parse(text) as { charge?: WooviCharge; brCode?: string };
    } catch (error) {
      throw new PixProviderError(PIX_PROVIDER_UNAVAILABLE, error);
    }
  };

  return {
    name: 'woovi',
    async createCharge(input) {
      const answer = await call('POST', '/api/v1/charge', {
        correlationID: input.txId,
        value: input.amountCents,
        comment: 'Recarga de saldo Clube Escala',
        expiresIn: input.expiresInSeconds,
        customer: { name: input.name, taxID: input.document, email: input.email },
      });
      const charge = answer.charge ?? {};
      const brCode = charge.brCode ?? answer.brCode;
      if (!brCode || (charge.value !== undefined && charge.value !== input.amountCents)) {
        throw new PixProviderError(
          PIX_PROVIDER_UNAVAILABLE,
          new Error('Woovi: charge without brCode or value'),
        );
      }
      const expiresAt = charge.expiresDate ? new Date(charge.expiresDate) : null;
      return {
        brCode,
        providerChargeId: charge.transactionID ?? null,
        expiresAt:
          expiresAt && !Number.isNaN(expiresAt.getTime())
            ? expiresAt
            : new Date(Date.now() + input.expiresInSeconds * 1000),
      };
    },
    async lookUpCharge(charge): Promise<ProviderChargeStatus> {
      const answer = await call('GET', `/api/v1/charge/${encodeURIComponent(charge.txId)}`);
      const found = answer.charge;
      if (!found || (found.correlationID !== undefined && found.correlationID !== charge.txId)) {
        throw new PixProviderError(
          PIX_PROVIDER_UNAVAILABLE,
          new Error('Woovi: charge lookup without the charge'),
        );
      }
      if (found.status === 'COMPLETED') {
        // The amount credited is the charge's: a payment of another value is not credited automatically.
        if (found.value !== charge.amountCents) {
          throw new ConflictError('O valor pago não confere com a cobrança. Fale com o suporte.');
        }
        return 'paid';
      }
      if (found.status === 'EXPIRED') return 'expired';
      return 'pending';
    },
  };
}

let cachedKey: { source: string; key: KeyObject } | undefined;

/** WOOVI_WEBHOOK_PUBLIC_KEY as a key: PEM text, or the PEM in base64 (as Woovi's documentation gives it). */
function webhookPublicKey(source: string): KeyObject {
  if (cachedKey?.source === source) return cachedKey.key;
  const pem = source.includes('BEGIN PUBLIC KEY')
    ? source.replace(/\\n/g, '\n')
    : Buffer.from(source, 'base64').toString('utf8');
  const key = createPublicKey(pem);
  cachedKey = { source, key };
  return key;
}

export const WOOVI_SIGNATURE_HEADER = 'x-webhook-signature';
export const OPENPIX_HMAC_HEADER = 'x-openpix-signature';

/**
 * A webhook is Woovi's when its raw body carries a valid signature: `x-webhook-signature` (RSA-SHA256 with
 * Woovi's key, WOOVI_WEBHOOK_PUBLIC_KEY) or `X-OpenPix-Signature` (HMAC-SHA1 with the webhook's secret,
 * WOOVI_WEBHOOK_SECRET). With neither configured every webhook is refused.
 */
export function isSignedByWoovi(
  config: Pick<AppConfig, 'WOOVI_WEBHOOK_PUBLIC_KEY' | 'WOOVI_WEBHOOK_SECRET'>,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
): boolean {
  const header = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' && value.length > 0 && value.length < 4096 ? value : undefined;
  };
  const signature = header(WOOVI_SIGNATURE_HEADER);
  if (signature && config.WOOVI_WEBHOOK_PUBLIC_KEY) {
    try {
      const key = webhookPublicKey(config.WOOVI_WEBHOOK_PUBLIC_KEY);
      if (verify('sha256', Buffer.from(rawBody, 'utf8'), key, Buffer.from(signature, 'base64'))) return true;
    } catch {
      // A malformed key or signature verifies nothing.
    }
  }
  const hmac = header(OPENPIX_HMAC_HEADER);
  if (hmac && config.WOOVI_WEBHOOK_SECRET) {
    const expected = createHmac('sha1', config.WOOVI_WEBHOOK_SECRET).update(rawBody, 'utf8').digest('base64');
    if (safeEqual(hmac, expected)) return true;
  }
  return false;
}

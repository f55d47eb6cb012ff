import type { SlugCheckTarget } from '../../../shared/schemas/slug-checker';
import { AppError } from '../../lib/errors';
import { OutboundError } from '../../lib/outbound/outbound-error';
import { failureCode, type ScanClient } from './scan-client';

/** A domain that cannot be scanned at all: checked before the debit, so it costs nothing. */
export class UnreachableTargetError extends AppError {
  constructor(message: string) {
    super(422, message);
  }
}

const NOT_CHARGED = 'Nada foi cobrado.';

/**
 * The origin to scan: the scheme the member typed, or https and then http when https cannot connect. The site
 * must answer its home page (any status) through the guarded client. An address refused by the policy fails
 * at once with the policy's message (400); DNS failures, refused connections and timeouts on every scheme fail
 * with a clear message (422). Nothing is charged in either case: this runs before the debit.
 */
export async function resolveScanOrigin(
  client: ScanClient,
  target: SlugCheckTarget,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<URL> {
  const schemes = target.scheme ? [target.scheme] : (['https', 'http'] as const);
  const failures: OutboundError[] = [];
  for (const scheme of schemes) {
    const origin = new URL(`${scheme}://${target.host}/`);
    try {
      await client.get(origin, { timeoutMs: options.timeoutMs, maxBytes: 1024, signal: options.signal });
      return origin;
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      if (err.reason === 'blocked-address' || err.reason === 'invalid-url' || err.reason === 'aborted') {
        throw new AppError(400, `${err.message} ${NOT_CHARGED}`);
      }
      failures.push(err);
    }
  }
  const codes = failures.map(failureCode);
  const tried = schemes.join(' e ');
  if (codes.some((c) => c === 'ENOTFOUND' || c === 'EAI_AGAIN')) {
    throw new UnreachableTargetError(
      `Domínio não encontrado: ${target.host} não existe no DNS. Verifique o endereço. ${NOT_CHARGED}`,
    );
  }
  if (failures.every((f) => f.reason === 'timeout')) {
    throw new UnreachableTargetError(
      `O site ${target.host} não respondeu a tempo (${tried}). Tente novamente mais tarde. ${NOT_CHARGED}`,
    );
  }
  throw new UnreachableTargetError(
    `Não foi possível conectar a ${target.host} (${tried}): conexão recusada ou interrompida. ${NOT_CHARGED}`,
  );
}

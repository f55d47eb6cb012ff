import { randomBytes } from 'node:crypto';
import { centsToReais, reaisToCents } from '../../../shared/money';
import { formatBRL } from '../../../shared/number-format';
import type { PixCharge, PixChargeInput, PixConfirmation, PixProvider } from '../../../shared/schemas/pix';
import { PIX_NOT_PAID } from '../../../shared/schemas/pix';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { notifyAdmin } from '../notifications/notifications.repo';
import { findBalanceCents } from '../profile/profile.repo';
import { presentCharge } from './pix.presenters';
import type { PixProviderClient } from './pix.provider';
import {
  creditPaidCharge,
  findChargeByTxId,
  findMemberLabel,
  insertCharge,
  markChargeExpired,
  type PixChargeRow,
} from './pix.repo';
import { createSandboxProvider } from './pix-sandbox.provider';
import { createWooviProvider } from './pix-woovi.provider';

export interface PixDeps {
  db: Db;
  config: AppConfig;
}

/** A charge can be paid for an hour (the modal is open meanwhile; a new one takes a click). */
export const PIX_CHARGE_TTL_SECONDS = 60 * 60;

export const PIX_CHARGE_NOT_FOUND = 'Cobrança PIX não encontrada.';
export const PIX_CHARGE_EXPIRED = 'Esta cobrança PIX expirou. Gere um novo PIX.';
export const PIX_SANDBOX_CHARGE_CLOSED =
  'Esta cobrança era do modo de teste, que foi desativado. Gere um novo PIX.';

export const PIX_TOP_UP_OFF = 'A recarga por PIX não está disponível neste clube. Fale com o suporte.';

/** The configured provider (or the charge's own); with PIX_PROVIDER=off there is none: the top-up is refused. */
export function pixProvider(config: AppConfig, name?: PixProvider): PixProviderClient {
  const chosen = name ?? config.PIX_PROVIDER;
  if (chosen === 'off') throw new ConflictError(PIX_TOP_UP_OFF);
  return chosen === 'woovi' ? createWooviProvider(config) : createSandboxProvider(config);
}

const TXID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 25 letters and digits (the longest txid a BR Code carries): ~148 bits, unguessable. */
export function newTxId(): string {
  return Array.from(randomBytes(25), (byte) => TXID_ALPHABET[byte % TXID_ALPHABET.length]).join('');
}

/** POST /api/pix/charge: a charge of the configured provider for the member. */
export async function createPixCharge(
  deps: PixDeps,
  userId: string,
  input: PixChargeInput,
): Promise<PixCharge> {
  const provider = pixProvider(deps.config);
  const txId = newTxId();
  const amountCents = reaisToCents(input.amount);
  const created = await provider.createCharge({
    txId,
    amountCents,
    name: input.name,
    document: input.document,
    email: input.email,
    expiresInSeconds: PIX_CHARGE_TTL_SECONDS,
  });
  const row = await insertCharge(deps.db, {
    userId,
    provider: provider.name,
    txId,
    providerChargeId: created.providerChargeId,
    amountCents,
    name: input.name,
    document: input.document,
    email: input.email.toLowerCase(),
    brCode: created.brCode,
    expiresAt: created.expiresAt,
  });
  return presentCharge(row);
}

async function confirmation(deps: PixDeps, charge: PixChargeRow, balanceAfterCents?: number) {
  const balance = balanceAfterCents ?? (await findBalanceCents(deps.db, charge.userId));
  return { amount: centsToReais(charge.amountCents), balance: centsToReais(balance) };
}

/**
 * A credit no payment stands behind, in a club with real members: a sandbox charge settled in production (only
 * possible with an explicit PIX_PROVIDER=sandbox there). In the demo every top-up is a simulation already.
 */
export function isSimulatedCredit(config: AppConfig, charge: Pick<PixChargeRow, 'provider'>): boolean {
  return (
    charge.provider === 'sandbox' &&
    config.PRODUCTION &&
    config.PIX_PROVIDER_EXPLICIT &&
    config.PIX_PROVIDER === 'sandbox'
  );
}

/** The administrator's bell, once per simulated credit (in its transaction): who received how much. */
async function noticeSimulatedCredit(tx: DbOrTx, charge: PixChargeRow): Promise<void> {
  const member = await findMemberLabel(tx, charge.userId);
  const who = member ? `${member.name} (${member.email})` : 'Um membro';
  await notifyAdmin(tx, {
    title: 'Recarga PIX simulada',
    description:
      `${who} recebeu ${formatBRL(centsToReais(charge.amountCents))} de saldo sem pagamento real: ` +
      'PIX_PROVIDER=sandbox está ligado em produção. Use PIX_PROVIDER=woovi (ou off) para recargas reais.',
    link: '/admin',
  });
}

/**
 * Asks the charge's provider whether it was paid and credits it if so (once, whoever asks first). Returns the
 * charge as it is afterwards.
 */
async function settleCharge(
  deps: PixDeps,
  charge: PixChargeRow,
): Promise<{ charge: PixChargeRow; credited: boolean; balanceAfterCents?: number }> {
  if (charge.status === 'paid') return { charge, credited: false };
  if (charge.provider === 'sandbox') {
    // A simulated payment is only ever possible while the sandbox is the provider.
    if (deps.config.PIX_PROVIDER !== 'sandbox') throw new ConflictError(PIX_SANDBOX_CHARGE_CLOSED);
    if (charge.status === 'expired' || charge.expiresAt.getTime() <= Date.now()) {
      await markChargeExpired(deps.db, charge.id);
      throw new ConflictError(PIX_CHARGE_EXPIRED);
    }
  }
  const status = await pixProvider(deps.config, charge.provider).lookUpCharge(charge);
  if (status === 'expired') {
    await markChargeExpired(deps.db, charge.id);
    throw new ConflictError(PIX_CHARGE_EXPIRED);
  }
  if (status !== 'paid') throw new ConflictError(PIX_NOT_PAID);
  const simulated = isSimulatedCredit(deps.config, charge);
  const result = await deps.db.transaction(async (tx) => {
    const credit = await creditPaidCharge(tx, charge.id, { simulated });
    if (credit.credited && simulated) await noticeSimulatedCredit(tx, charge);
    return credit;
  });
  return {
    charge: result.charge ?? charge,
    credited: result.credited,
    balanceAfterCents: result.balanceAfterCents,
  };
}

/**
 * POST /api/pix/confirm: the member's 'Concluir'. Another member's charge is 404. A charge already credited
 * (a replay, or the webhook came first) answers its amount again without crediting it twice. With the top-up off
 * (PIX_PROVIDER=off) only a real payment already made (the member's Woovi charge) is still settled; anything else
 * is refused with 409 PIX_TOP_UP_OFF.
 */
export async function confirmPixCharge(
  deps: PixDeps,
  userId: string,
  txId: string,
): Promise<PixConfirmation> {
  const found = await findChargeByTxId(deps.db, txId);
  const charge = found?.userId === userId ? found : undefined;
  if (deps.config.PIX_PROVIDER === 'off' && charge?.provider !== 'woovi') {
    throw new ConflictError(PIX_TOP_UP_OFF);
  }
  if (!charge) throw new NotFoundError(PIX_CHARGE_NOT_FOUND);
  const settled = await settleCharge(deps, charge);
  return confirmation(deps, settled.charge, settled.balanceAfterCents);
}

/** The part of a Woovi webhook we read: which charge it is about. Its status is asked of Woovi itself. */
export interface WooviWebhookPayload {
  event?: string;
  charge?: { correlationID?: string };
}

/**
 * A signed Woovi webhook (signature checked by the route): the charge it names is looked up at Woovi and
 * credited if paid. Unknown charges and other events are acknowledged and ignored (Woovi stops retrying).
 */
export async function handleWooviWebhook(
  deps: PixDeps,
  payload: WooviWebhookPayload,
): Promise<{ message: string; credited: boolean }> {
  const txId = payload.charge?.correlationID;
  if (typeof txId !== 'string' || !txId) return { message: 'Evento ignorado.', credited: false };
  const charge = await findChargeByTxId(deps.db, txId);
  if (charge?.provider !== 'woovi') return { message: 'Cobrança desconhecida: ignorada.', credited: false };
  if (charge.status === 'paid') return { message: 'Cobrança já creditada.', credited: false };
  try {
    const settled = await settleCharge(deps, charge);
    return {
      message: settled.credited ? 'Cobrança creditada.' : 'Cobrança já creditada.',
      credited: settled.credited,
    };
  } catch (error) {
    // Not paid (yet) or expired: acknowledged; a later event or the member's confirmation settles it.
    if (error instanceof ConflictError) return { message: error.message, credited: false };
    throw error;
  }
}

import type { PixProvider } from '../../../shared/schemas/pix';

export interface NewProviderCharge {
  /** Ours: the txid of the BR Code (sandbox) or the correlationID (Woovi). */
  txId: string;
  amountCents: number;
  name: string;
  /** CPF, digits only. */
  document: string;
  email: string;
  expiresInSeconds: number;
}

export interface ProviderCharge {
  brCode: string;
  /** The provider's own id, when it has one. */
  providerChargeId: string | null;
  expiresAt: Date;
}

/** What the provider says of a charge: only 'paid' is ever credited. */
export type ProviderChargeStatus = 'paid' | 'pending' | 'expired';

export interface ChargeToLookUp {
  txId: string;
  providerChargeId: string | null;
  amountCents: number;
}

/** A PIX provider: creates charges and tells whether one was paid. */
export interface PixProviderClient {
  readonly name: PixProvider;
  createCharge(input: NewProviderCharge): Promise<ProviderCharge>;
  /**
   * The provider's word on the charge. The sandbox has no bank behind it: asking it means the member pressed
   * 'Concluir' in a simulation, so it answers 'paid'.
   */
  lookUpCharge(charge: ChargeToLookUp): Promise<ProviderChargeStatus>;
}

import type { AppConfig } from '../../config';
import { buildBrCode } from './br-code';
import type { PixProviderClient } from './pix.provider';

/**
 * Offline provider (the default): a valid BR Code for the configured PIX_KEY (a fake demo key unless set), no
 * bank behind it; confirming the charge simulates its payment. The modal says so.
 */
export function createSandboxProvider(config: AppConfig): PixProviderClient {
  return {
    name: 'sandbox',
    async createCharge(input) {
      return {
        brCode: buildBrCode({
          key: config.PIX_KEY,
          amountCents: input.amountCents,
          merchantName: config.PIX_MERCHANT_NAME,
          merchantCity: config.PIX_MERCHANT_CITY,
          txId: input.txId,
          description: 'Recarga Clube Escala',
        }),
        providerChargeId: null,
        expiresAt: new Date(Date.now() + input.expiresInSeconds * 1000),
      };
    },
    async lookUpCharge() {
      return 'paid';
    },
  };
}

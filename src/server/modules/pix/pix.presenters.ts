import sharp from 'sharp';
import { encode } from 'uqr';
import { centsToReais } from '../../../shared/money';
import type { PixCharge } from '../../../shared/schemas/pix';
import type { PixChargeRow } from './pix.repo';

/** Pixels per QR module, and the quiet zone around the code in modules. */
const QR_SCALE = 8;
const QR_BORDER = 2;

/**
 * The QR image of a BR Code, drawn here (PNG data URL, black on white, error correction M): no third party sees
 * the charge. `uqr` makes the modules (no dependencies), sharp the PNG.
 */
export async function qrCodeImage(brCode: string): Promise<string> {
  const { data, size } = encode(brCode, { ecc: 'M', border: QR_BORDER });
  const side = size * QR_SCALE;
  const pixels = Buffer.alloc(side * side, 255);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!data[y]![x]) continue;
      for (let dy = 0; dy < QR_SCALE; dy++) {
        pixels.fill(
          0,
          (y * QR_SCALE + dy) * side + x * QR_SCALE,
          (y * QR_SCALE + dy) * side + (x + 1) * QR_SCALE,
        );
      }
    }
  }
  const png = await sharp(pixels, { raw: { width: side, height: side, channels: 1 } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** The charge as the member's modal shows it: the BR Code and its QR image. */
export async function presentCharge(row: PixChargeRow): Promise<PixCharge> {
  return {
    txId: row.txId,
    qrcode: row.brCode,
    qrCodeImageUrl: await qrCodeImage(row.brCode),
    amount: centsToReais(row.amountCents),
    provider: row.provider,
    expiresAt: row.expiresAt.toISOString(),
  };
}

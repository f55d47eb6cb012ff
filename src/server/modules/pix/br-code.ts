/**
 * PIX BR Code ("copia e cola"): EMV MPM tags as the Banco Central's manual describes them. Each field is
 * ID (2 digits) + length (2 digits) + value; the last one, 63, carries the CRC16-CCITT (polynomial 0x1021,
 * initial value 0xFFFF) of everything before it, "6304" included, in 4 upper-case hex digits.
 */

function field(id: string, value: string): string {
  if (value.length > 99) throw new Error(`BR Code field ${id} longer than 99 characters`);
  return `${id}${value.length.toString().padStart(2, '0')}${value}`;
}

export function crc16Ccitt(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Merchant name and city: ASCII without accents, only letters, digits, space and a few signs, cut to size. */
export function emvText(value: string, max: number): string {
  const ascii = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,'&/-]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
  return ascii || 'NA';
}

/** A txid as field 62/05 allows: 1 to 25 characters of [A-Za-z0-9]. */
export const TXID_PATTERN = /^[A-Za-z0-9]{1,25}$/;

export interface BrCodeInput {
  /** The receiver's PIX key (e-mail, phone, CPF/CNPJ or random key). */
  key: string;
  amountCents: number;
  merchantName: string;
  merchantCity: string;
  txId: string;
  /** Shown to the payer by some banks (field 26/02). */
  description?: string;
}

/** A BR Code with the amount, the key and the txid: the payer's bank pays exactly this charge, once. */
export function buildBrCode(input: BrCodeInput): string {
  if (!TXID_PATTERN.test(input.txId)) throw new Error('BR Code txid must be 1-25 letters or digits');
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) throw new Error('BR Code amount');
  const account = [
    field('00', 'br.gov.bcb.pix'),
    field('01', input.key),
    ...(input.description ? [field('02', emvText(input.description, 40))] : []),
  ].join('');
  const payload = [
    field('00', '01'),
    // 12: this code is meant to be paid once.
    field('01', '12'),
    field('26', account),
    field('52', '0000'),
    field('53', '986'),
    field('54', (input.amountCents / 100).toFixed(2)),
    field('58', 'BR'),
    field('59', emvText(input.merchantName, 25)),
    field('60', emvText(input.merchantCity, 15)),
    field('62', field('05', input.txId)),
    '6304',
  ].join('');
  return payload + crc16Ccitt(payload);
}

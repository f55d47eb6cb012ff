import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * Encrypted backups (BACKUP_PASSPHRASE): AES-256-GCM from node:crypto in 64 KiB chunks, in the manner of age's
 * STREAM, so that a truncated file, a reordered or repeated chunk and a flipped bit are all detected, chunk by chunk,
 * while the archive streams through (GCM alone authenticates only at the very end).
 *
 * File = header (72 bytes) + chunks.
 *   header: magic "CEBKENC\n" (8) | version 1 (1) | scrypt log2 N (1) | r (1) | p (1) | chunk size, uint32 BE (4)
 *           | salt (16, random per file) | file nonce (8, random per file) | HMAC-SHA256 of the 40 bytes before (32)
 *   keys:   scrypt(passphrase in NFC, salt, 64 bytes): the first 32 the AES key, the last 32 the header's HMAC key.
 *           A wrong passphrase fails the header's HMAC before any chunk is read.
 *   chunk i: AES-256-GCM of up to `chunk size` bytes of plaintext, then its 16-byte tag. Nonce (12 bytes) = file
 *           nonce (8) | i as uint32 BE (4); additional data = 1 byte, 0x01 on the last chunk and 0x00 on the others.
 *           Every chunk but the last holds exactly `chunk size` bytes; the last holds 0 to `chunk size`.
 */

export const ENCRYPTED_SUFFIX = '.enc';
export const MAGIC = Buffer.from('CEBKENC\n', 'latin1');
const VERSION = 1;
export const CHUNK_SIZE = 64 * 1024;
const TAG_LENGTH = 16;
const SALT_LENGTH = 16;
const NONCE_LENGTH = 8;
const MAC_LENGTH = 32;
const MAC_OFFSET = MAGIC.length + 4 + 4 + SALT_LENGTH + NONCE_LENGTH;
export const HEADER_LENGTH = MAC_OFFSET + MAC_LENGTH;
/** OWASP's scrypt parameters (N = 2^17, r = 8, p = 1): about 0.3 s and 128 MiB once per file. */
const SCRYPT = { log2N: 17, r: 8, p: 1 };
/** What a reader accepts (a hostile header must not make it spend gigabytes): up to 256 MiB of scrypt memory. */
const LIMITS = { log2N: [10, 18], r: [1, 8], p: [1, 4], chunk: [1024, 16 * 1024 * 1024] } as const;

/**
 * Why an encrypted stream cannot be read. `passphrase`: the header's HMAC does not match (a wrong passphrase, or a
 * changed header); `truncated`: it stops before its last chunk; `end`: the last chunk does not authenticate (cut
 * inside a chunk, or a changed byte there); `corrupted`: a chunk before the last does not authenticate; `format`:
 * not a header of ours, or one this version does not read.
 */
export class EncryptedBackupError extends Error {
  constructor(
    readonly reason: 'passphrase' | 'truncated' | 'end' | 'corrupted' | 'format' | 'newer',
    message: string,
  ) {
    super(message);
  }
}

export const isEncrypted = (head: Buffer) =>
  head.length >= MAGIC.length && head.subarray(0, MAGIC.length).equals(MAGIC);

function deriveKeys(passphrase: string, salt: Buffer, log2N: number, r: number, p: number) {
  const N = 2 ** log2N;
  return new Promise<{ key: Buffer; macKey: Buffer }>((resolve, reject) =>
    scrypt(
      Buffer.from(passphrase.normalize('NFC'), 'utf8'),
      salt,
      64,
      { N, r, p, maxmem: 128 * N * r * p + 16 * 1024 * 1024 },
      (error, derived) =>
        error ? reject(error) : resolve({ key: derived.subarray(0, 32), macKey: derived.subarray(32) }),
    ),
  );
}

const nonceOf = (fileNonce: Buffer, counter: number) => {
  const nonce = Buffer.alloc(12);
  fileNonce.copy(nonce, 0);
  nonce.writeUInt32BE(counter, NONCE_LENGTH);
  return nonce;
};
const FINAL = Buffer.from([1]);
const NOT_FINAL = Buffer.from([0]);
const MAX_CHUNKS = 2 ** 32;

function seal(key: Buffer, fileNonce: Buffer, counter: number, last: boolean, plain: Buffer): Buffer {
  if (counter >= MAX_CHUNKS) throw new Error('Backup grande demais para um arquivo cifrado (2^32 blocos).');
  const cipher = createCipheriv('aes-256-gcm', key, nonceOf(fileNonce, counter));
  cipher.setAAD(last ? FINAL : NOT_FINAL);
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

/** The plaintext of one chunk, or null when it does not authenticate (as a last chunk or not, as asked). */
function open(key: Buffer, fileNonce: Buffer, counter: number, last: boolean, sealed: Buffer): Buffer | null {
  if (sealed.length < TAG_LENGTH || counter >= MAX_CHUNKS) return null;
  const decipher = createDecipheriv('aes-256-gcm', key, nonceOf(fileNonce, counter));
  decipher.setAAD(last ? FINAL : NOT_FINAL);
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_LENGTH));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_LENGTH)), decipher.final()]);
  } catch {
    return null;
  }
}

/**
 * Encrypts a stream in chunks with `key` (32 bytes) and `fileNonce` (8 bytes), never the same pair twice: the
 * chunks alone, no header (the archive's is written by `encryptingStream`; staging files use a random key each).
 */
export function sealChunks(key: Buffer, fileNonce: Buffer, chunkSize = CHUNK_SIZE): Transform {
  let pending: Buffer[] = [];
  let pendingLength = 0;
  let counter = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      pending.push(chunk);
      pendingLength += chunk.length;
      try {
        // Strictly more than a chunk waiting: this one is not the last.
        if (pendingLength > chunkSize) {
          let all = Buffer.concat(pending, pendingLength);
          while (all.length > chunkSize) {
            this.push(seal(key, fileNonce, counter++, false, all.subarray(0, chunkSize)));
            all = all.subarray(chunkSize);
          }
          pending = [all];
          pendingLength = all.length;
        }
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        done(null, seal(key, fileNonce, counter++, true, Buffer.concat(pending, pendingLength)));
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/**
 * Decrypts what `sealChunks` wrote, passing on only authenticated plaintext; fails with an EncryptedBackupError at
 * the first chunk that does not authenticate, or at the end when the last chunk is missing.
 */
export function openChunks(key: Buffer, fileNonce: Buffer, chunkSize = CHUNK_SIZE): Transform {
  const sealedSize = chunkSize + TAG_LENGTH;
  let pending: Buffer[] = [];
  let pendingLength = 0;
  let counter = 0;
  const corrupted = () =>
    new EncryptedBackupError(
      'corrupted',
      `o bloco ${counter + 1} (de ${chunkSize / 1024} KiB) não confere: um byte foi alterado ou os blocos trocados de lugar`,
    );
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      pending.push(chunk);
      pendingLength += chunk.length;
      if (pendingLength <= sealedSize) return done();
      let all = Buffer.concat(pending, pendingLength);
      // Only a chunk followed by more bytes is known not to be the last.
      while (all.length > sealedSize) {
        const plain = open(key, fileNonce, counter, false, all.subarray(0, sealedSize));
        if (!plain) return done(corrupted());
        counter++;
        this.push(plain);
        all = all.subarray(sealedSize);
      }
      pending = [all];
      pendingLength = all.length;
      done();
    },
    flush(done: TransformCallback) {
      const last = Buffer.concat(pending, pendingLength);
      const plain = open(key, fileNonce, counter, true, last);
      if (plain) return done(null, plain);
      // A whole chunk that authenticates as not-last: the file was cut right after it.
      if (last.length === sealedSize && open(key, fileNonce, counter, false, last)) {
        return done(new EncryptedBackupError('truncated', 'o arquivo termina antes do último bloco'));
      }
      if (last.length < TAG_LENGTH) {
        return done(new EncryptedBackupError('truncated', 'o arquivo termina antes do último bloco'));
      }
      done(
        new EncryptedBackupError('end', 'o último bloco não confere (arquivo cortado ou alterado no fim)'),
      );
    },
  });
}

/**
 * The archive's encryption: derives the key from the passphrase with a new random salt (scrypt, once per file) and
 * returns a stream that writes the header, then the chunks.
 */
export async function encryptingStream(passphrase: string): Promise<Transform> {
  const salt = randomBytes(SALT_LENGTH);
  const fileNonce = randomBytes(NONCE_LENGTH);
  const { key, macKey } = await deriveKeys(passphrase, salt, SCRYPT.log2N, SCRYPT.r, SCRYPT.p);
  const header = Buffer.alloc(HEADER_LENGTH);
  MAGIC.copy(header, 0);
  header.writeUInt8(VERSION, 8);
  header.writeUInt8(SCRYPT.log2N, 9);
  header.writeUInt8(SCRYPT.r, 10);
  header.writeUInt8(SCRYPT.p, 11);
  header.writeUInt32BE(CHUNK_SIZE, 12);
  salt.copy(header, 16);
  fileNonce.copy(header, 16 + SALT_LENGTH);
  createHmac('sha256', macKey).update(header.subarray(0, MAC_OFFSET)).digest().copy(header, MAC_OFFSET);
  const chunks = sealChunks(key, fileNonce, CHUNK_SIZE);
  chunks.push(header);
  return chunks;
}

/**
 * Reads an encrypted file's header (its first HEADER_LENGTH bytes) and checks the passphrase against it: returns the
 * stream that decrypts the rest (from byte HEADER_LENGTH on), or throws an EncryptedBackupError.
 */
export async function decryptingStream(head: Buffer, passphrase: string): Promise<Transform> {
  if (!isEncrypted(head)) throw new EncryptedBackupError('format', 'não é um backup cifrado do Clube Escala');
  if (head.length < HEADER_LENGTH) {
    throw new EncryptedBackupError('truncated', 'o arquivo termina no meio do cabeçalho');
  }
  const version = head.readUInt8(8);
  if (version > VERSION) {
    throw new EncryptedBackupError('newer', `cifrado no formato ${version}, de uma versão mais nova do app`);
  }
  const [log2N, r, p, chunkSize] = [
    head.readUInt8(9),
    head.readUInt8(10),
    head.readUInt8(11),
    head.readUInt32BE(12),
  ];
  const within = (v: number, [min, max]: readonly [number, number]) => v >= min && v <= max;
  if (
    version !== VERSION ||
    !within(log2N, LIMITS.log2N) ||
    !within(r, LIMITS.r) ||
    !within(p, LIMITS.p) ||
    !within(chunkSize, LIMITS.chunk)
  ) {
    throw new EncryptedBackupError('format', 'cabeçalho de cifra inválido');
  }
  const salt = head.subarray(16, 16 + SALT_LENGTH);
  const fileNonce = head.subarray(16 + SALT_LENGTH, MAC_OFFSET);
  const { key, macKey } = await deriveKeys(passphrase, salt, log2N, r, p);
  const mac = createHmac('sha256', macKey).update(head.subarray(0, MAC_OFFSET)).digest();
  if (!timingSafeEqual(mac, head.subarray(MAC_OFFSET, HEADER_LENGTH))) {
    throw new EncryptedBackupError('passphrase', 'a frase-senha não confere com a do arquivo');
  }
  return openChunks(key, Buffer.from(fileNonce), chunkSize);
}

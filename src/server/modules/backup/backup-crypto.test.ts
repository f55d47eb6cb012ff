import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import {
  CHUNK_SIZE,
  decryptingStream,
  EncryptedBackupError,
  encryptingStream,
  HEADER_LENGTH,
  openChunks,
  sealChunks,
} from './backup-crypto';

/** Feeds `data` in pieces of `piece` bytes (how a gzip or a file stream hands it over). */
async function through(stream: NodeJS.ReadWriteStream, data: Buffer, piece = 16 * 1024): Promise<Buffer> {
  const pieces = (function* () {
    for (let i = 0; i < data.length; i += piece) yield data.subarray(i, i + piece);
  })();
  const out: Buffer[] = [];
  await pipeline(Readable.from(pieces), stream, async (source: AsyncIterable<string | Buffer>) => {
    for await (const chunk of source) out.push(Buffer.from(chunk));
  });
  return Buffer.concat(out);
}

const key = randomBytes(32);
const nonce = randomBytes(8);
const SEALED = CHUNK_SIZE + 16;

async function failure(promise: Promise<unknown>): Promise<EncryptedBackupError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EncryptedBackupError);
  return error as EncryptedBackupError;
}

describe('chunked AES-256-GCM (backup-crypto.ts)', () => {
  it.each([0, 1, CHUNK_SIZE - 1, CHUNK_SIZE, CHUNK_SIZE + 1, 3 * CHUNK_SIZE, 3 * CHUNK_SIZE + 777])(
    'round-trips %i bytes, in full chunks of 64 KiB plus a last one',
    async (size) => {
      const plain = randomBytes(size);
      const sealed = await through(sealChunks(key, nonce), plain, 10_000);
      const chunks = Math.max(1, Math.ceil(size / CHUNK_SIZE));
      expect(sealed.length).toBe(size + chunks * 16);
      // (A run of 32 plaintext bytes never shows through; shorter ones could appear by chance.)
      if (size >= 32) expect(sealed.includes(plain.subarray(0, 32))).toBe(false);
      expect((await through(openChunks(key, nonce), sealed, 5_000)).equals(plain)).toBe(true);
    },
  );

  const plain = randomBytes(3 * CHUNK_SIZE + 100);
  const sealedOnce = through(sealChunks(key, nonce), plain);

  it('refuses a file cut right after a chunk (the last one is missing)', async () => {
    const sealed = await sealedOnce;
    const error = await failure(through(openChunks(key, nonce), sealed.subarray(0, 2 * SEALED)));
    expect(error.reason).toBe('truncated');
  });

  it('refuses a file cut inside a chunk', async () => {
    const sealed = await sealedOnce;
    const error = await failure(through(openChunks(key, nonce), sealed.subarray(0, SEALED + 1000)));
    expect(error.reason).toBe('end');
    expect((await failure(through(openChunks(key, nonce), sealed.subarray(0, SEALED + 5)))).reason).toBe(
      'truncated',
    );
  });

  it('refuses a flipped bit, two chunks swapped, a chunk repeated and bytes appended', async () => {
    const sealed = await sealedOnce;
    const flipped = Buffer.from(sealed);
    flipped[SEALED + 100] = (flipped[SEALED + 100] as number) ^ 1;
    expect((await failure(through(openChunks(key, nonce), flipped))).reason).toBe('corrupted');
    const [a, b, c, last] = [0, 1, 2, 3].map((i) => sealed.subarray(i * SEALED, (i + 1) * SEALED));
    const swapped = Buffer.concat([a, c, b, last] as Buffer[]);
    expect((await failure(through(openChunks(key, nonce), swapped))).reason).toBe('corrupted');
    const repeated = Buffer.concat([a, a, b, c, last] as Buffer[]);
    expect((await failure(through(openChunks(key, nonce), repeated))).reason).toBe('corrupted');
    // The real last chunk followed by more bytes is read as not-last: it no longer authenticates.
    const appended = Buffer.concat([sealed, randomBytes(SEALED + 50)]);
    expect((await failure(through(openChunks(key, nonce), appended))).reason).toBe('corrupted');
    // Another file's key or nonce reads nothing.
    expect((await failure(through(openChunks(key, randomBytes(8)), sealed))).reason).toBe('corrupted');
  });

  it('passes on no plaintext from a chunk that does not authenticate', async () => {
    const sealed = Buffer.from(await sealedOnce);
    sealed[2 * SEALED + 3] = (sealed[2 * SEALED + 3] as number) ^ 0x80;
    const out: Buffer[] = [];
    await expect(
      pipeline(
        Readable.from([sealed]),
        openChunks(key, nonce),
        async (source: AsyncIterable<string | Buffer>) => {
          for await (const chunk of source) out.push(Buffer.from(chunk));
        },
      ),
    ).rejects.toBeInstanceOf(EncryptedBackupError);
    // Whatever came out is the plaintext of the chunks before the changed one, never a byte of it.
    const got = Buffer.concat(out);
    expect(got.length).toBeLessThanOrEqual(2 * CHUNK_SIZE);
    expect(got.equals(plain.subarray(0, got.length))).toBe(true);
  });
});

describe('the passphrase header', () => {
  const passphrase = 'cavalo correto bateria grampo';
  const data = randomBytes(CHUNK_SIZE + 10);
  const file = encryptingStream(passphrase).then((stream) => through(stream, data));

  it('a file is header + chunks; the right passphrase reads it back, a wrong one fails at the header', async () => {
    const sealed = await file;
    expect(sealed.subarray(0, 8).toString('latin1')).toBe('CEBKENC\n');
    expect(sealed.length).toBe(HEADER_LENGTH + data.length + 2 * 16);
    const head = sealed.subarray(0, HEADER_LENGTH);
    const plain = await through(await decryptingStream(head, passphrase), sealed.subarray(HEADER_LENGTH));
    expect(plain.equals(data)).toBe(true);
    expect((await failure(decryptingStream(head, 'outra frase-senha qualquer'))).reason).toBe('passphrase');
    // The same passphrase in another Unicode form (NFD 'é') is the same passphrase.
    const accented = 'frase com acentuação é';
    const other = await through(await encryptingStream(accented), Buffer.from('x'));
    await expect(
      decryptingStream(other.subarray(0, HEADER_LENGTH), accented.normalize('NFD')),
    ).resolves.toBeTruthy();
  }, 30_000);

  it('each file has its own salt and nonce: the same backup twice shares no bytes after the magic', async () => {
    const a = await file;
    const b = await through(await encryptingStream(passphrase), data);
    expect(a.subarray(16, HEADER_LENGTH).equals(b.subarray(16, HEADER_LENGTH))).toBe(false);
    expect(
      a.subarray(HEADER_LENGTH, HEADER_LENGTH + 64).equals(b.subarray(HEADER_LENGTH, HEADER_LENGTH + 64)),
    ).toBe(false);
  }, 30_000);

  it('a changed header (salt, parameters) fails as a wrong passphrase; hostile parameters are refused unread', async () => {
    const head = Buffer.from((await file).subarray(0, HEADER_LENGTH));
    const salted = Buffer.from(head);
    salted[20] = (salted[20] as number) ^ 1;
    expect((await failure(decryptingStream(salted, passphrase))).reason).toBe('passphrase');
    const greedy = Buffer.from(head);
    greedy[9] = 30; // N = 2^30: gigabytes of scrypt memory
    expect((await failure(decryptingStream(greedy, passphrase))).reason).toBe('format');
    const newer = Buffer.from(head);
    newer[8] = 2;
    expect((await failure(decryptingStream(newer, passphrase))).reason).toBe('newer');
    expect((await failure(decryptingStream(head.subarray(0, 40), passphrase))).reason).toBe('truncated');
    expect((await failure(decryptingStream(Buffer.from('\x1f\x8b not ours'), passphrase))).reason).toBe(
      'format',
    );
  }, 30_000);
});

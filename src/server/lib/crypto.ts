import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
/** The sha256 (hex) of a file read as a stream, chunk by chunk: a large file never holds the event loop. */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
export const randomDigits = (length: number): string =>
  Array.from({ length }, () => randomInt(0, 10).toString()).join('');

/** Constant-time comparison of two strings of any length. */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

/**
 * scrypt's work factor: N=2^17, r=8, p=1 (OWASP Password Storage Cheat Sheet), about 0.3 s of CPU per hash. Only
 * the server test suite may lower N (SCRYPT_TEST_LOG2_N in vitest.config.ts, read only under Vitest and only
 * below 17): its hundreds of registrations and sign-ins would otherwise spend minutes hashing. Every hash keeps
 * its own parameters, so verification is the same code either way; the browser tests run the real cost.
 */
export function scryptCostLog2(env: NodeJS.ProcessEnv = process.env): number {
  const lowered = Number(env.VITEST ? env.SCRYPT_TEST_LOG2_N : Number.NaN);
  return Number.isInteger(lowered) && lowered >= 10 && lowered < 17 ? lowered : 17;
}

const SCRYPT = { N: 2 ** scryptCostLog2(), r: 8, p: 1, keyLength: 64, maxmem: 256 * 1024 * 1024 };

function scryptAsync(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, keyLength, { N, r, p, maxmem: SCRYPT.maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** Format: scrypt$N$r$p$saltB64$hashB64 (parameters kept so they can be raised later). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, SCRYPT.N, SCRYPT.r, SCRYPT.p, SCRYPT.keyLength);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, saltB64, hashB64] = stored.split('$');
  if (kind !== 'scrypt' || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const key = await scryptAsync(
    password,
    Buffer.from(saltB64, 'base64'),
    Number(n),
    Number(r),
    Number(p),
    expected.length,
  );
  return timingSafeEqual(key, expected);
}

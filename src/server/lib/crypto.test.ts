import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, scryptCostLog2, verifyPassword } from './crypto';

describe('password hashing', () => {
  it('uses N=2^17 unless a test run lowers it, never above or in production', () => {
    expect(scryptCostLog2({})).toBe(17);
    expect(scryptCostLog2({ SCRYPT_TEST_LOG2_N: '12' })).toBe(17); // not under Vitest: ignored
    expect(scryptCostLog2({ VITEST: 'true', SCRYPT_TEST_LOG2_N: '12' })).toBe(12);
    expect(scryptCostLog2({ VITEST: 'true', SCRYPT_TEST_LOG2_N: '20' })).toBe(17);
    expect(scryptCostLog2({ VITEST: 'true', SCRYPT_TEST_LOG2_N: '4' })).toBe(17);
    expect(scryptCostLog2({ VITEST: 'true' })).toBe(17);
  });

  it('verifies a hash by the parameters stored in it, whatever the current cost', async () => {
    const stored = await hashPassword('segredo123');
    expect(stored).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(await verifyPassword('segredo123', stored)).toBe(true);
    expect(await verifyPassword('segredo124', stored)).toBe(false);
    // A hash stored at the production cost verifies too (it names its own N).
    const salt = Buffer.from('sal-de-teste-123');
    const key = scryptSync('segredo123', salt, 64, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });
    const production = ['scrypt', 2 ** 17, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    expect(await verifyPassword('segredo123', production)).toBe(true);
    expect(await verifyPassword('segredo124', production)).toBe(false);
  });
});

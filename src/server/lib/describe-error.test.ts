import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { describeError } from './describe-error';

describe('describeError', () => {
  it("names a failed query and the database's reason, never its parameters", () => {
    const cause = new Error('duplicate key value violates unique constraint "users_email_unique"');
    const error = new DrizzleQueryError(
      'insert into "users" ("name", "email", "password_hash") values ($1, $2, $3)',
      ['Administrador', 'admin@clube.com', 'scrypt$131072$8$1$c2FsdA$aGFzaA'],
      cause,
    );
    const text = describeError(error);
    expect(text).toContain('users_email_unique');
    expect(text).toContain('insert into "users"');
    expect(text).not.toContain('scrypt$');
    expect(text).not.toContain('admin@clube.com');
  });

  it('keeps the stack of any other error', () => {
    const error = new Error('porta em uso');
    expect(describeError(error)).toContain('porta em uso');
    expect(describeError(error)).toContain('describe-error.test');
    expect(describeError('texto')).toBe('texto');
  });
});

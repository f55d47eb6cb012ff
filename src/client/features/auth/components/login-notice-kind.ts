import { ApiError } from '../../../lib/api-client';

export type LoginNotice = { kind: 'no-plan' } | { kind: 'unverified'; email: string } | { kind: 'not-found' };

/**
 * Which notice a failed login shows: no active plan (also for a canceled account), e-mail not verified, or no
 * account found; null means "toast the server message".
 */
export function loginNoticeFor(error: unknown, email: string): LoginNotice | null {
  if (!(error instanceof ApiError)) return null;
  const { body } = error;
  if (body.accountCanceled === true) return { kind: 'no-plan' };
  if (body.emailNotVerified === true || error.message.toLowerCase().includes('não verificado')) {
    return { kind: 'unverified', email };
  }
  if (body.accountNotFound === true) {
    return body.requiresPurchase === true ? { kind: 'no-plan' } : { kind: 'not-found' };
  }
  return null;
}

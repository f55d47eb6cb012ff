import type { FastifyInstance } from 'fastify';
import type { CurrentUser, LoginInput, RegisterInput } from '../../../shared/schemas/auth';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { AppError, ConflictError, ForbiddenError, UnauthorizedError } from '../../lib/errors';
import type { MailMessage } from '../../lib/mail/mail';
import type { SessionUser } from '../../plugins/session';
import { createUser, findUserByEmail, normalizeEmail, PLAN_LABELS, type UserRow } from '../users/users.repo';
import { verificationMail } from './auth.mails';
import { presentCurrentUser } from './auth.presenters';
import { findActivePurchase, replaceEmailVerification, touchLastLogin } from './auth.repo';

/** What the auth services need from the app (tests may pass a built app). */
export type AuthDeps = Pick<FastifyInstance, 'db' | 'mailer' | 'config' | 'log'>;

export const AUTH_MESSAGES = {
  registered: 'Conta criada! Enviamos um e-mail de verificação com um link e um código de 6 dígitos.',
  requiresPurchase:
    'Não encontramos uma compra confirmada para este e-mail. Assine o Clube para criar sua conta.',
  emailTaken: 'Este e-mail já está cadastrado. Faça login.',
  accountNotFound: 'Nenhuma conta encontrada. Crie a sua conta primeiro!',
  wrongPassword: 'E-mail ou senha incorretos',
  canceled: 'Você não tem plano ativo no Clube.',
  notVerified: 'E-mail não verificado. Verifique sua caixa de entrada ou reenvie o e-mail de verificação.',
  mailFailed: 'Não foi possível enviar o e-mail. Tente novamente.',
} as const;

/** Sends a mail after the data it refers to is committed. Returns false (and logs) when it failed. */
export async function trySendMail(deps: AuthDeps, message: MailMessage): Promise<boolean> {
  try {
    await deps.mailer.send(message);
    return true;
  } catch (err) {
    deps.log.error({ err, to: message.to, subject: message.subject }, 'falha ao enviar e-mail');
    return false;
  }
}

/** For routes whose only purpose is the mail: a failure is the user's to know. */
export async function sendMailOrFail(deps: AuthDeps, message: MailMessage): Promise<void> {
  if (!(await trySendMail(deps, message))) throw new AppError(503, AUTH_MESSAGES.mailFailed);
}

export function verificationLink(deps: AuthDeps, userId: string, linkToken: string) {
  const params = new URLSearchParams({ uid: userId, token: linkToken });
  return `${deps.config.APP_URL}/verificar-email?${params}`;
}

/** The verification mail (link + 6-digit code) for a user and a fresh verification row. */
export function verificationMailFor(
  deps: AuthDeps,
  user: { id: string; email: string; name: string },
  verification: { linkToken: string; code: string },
): MailMessage {
  return verificationMail({
    to: user.email,
    name: user.name,
    link: verificationLink(deps, user.id, verification.linkToken),
    code: verification.code,
  });
}

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && 'code' in err && (err as { code: unknown }).code === '23505';

/**
 * Registration: only an e-mail with a confirmed, not cancelled purchase. The user and the pending
 * verification are written in one transaction; the mail goes after the commit (a failure is logged, the
 * user can ask for a new one). The response names the verification row, never its secrets.
 */
export async function registerAccount(deps: AuthDeps, input: RegisterInput) {
  const email = normalizeEmail(input.email);
  const purchase = await findActivePurchase(deps.db, email);
  if (!purchase) throw new ForbiddenError(AUTH_MESSAGES.requiresPurchase, { requiresPurchase: true });
  if (await findUserByEmail(deps.db, email)) throw new ConflictError(AUTH_MESSAGES.emailTaken);

  const passwordHash = await hashPassword(input.password);
  let created: { user: UserRow; verification: { id: string; linkToken: string; code: string } };
  try {
    created = await deps.db.transaction(async (tx) => {
      const user = await createUser(tx, {
        name: input.name,
        email,
        passwordHash,
        planType: PLAN_LABELS[purchase.planType],
        emailVerified: false,
        status: 'Ativo',
        trialCreditCents: deps.config.TRIAL_CREDIT_CENTS,
      });
      const verification = await replaceEmailVerification(tx, user);
      return { user, verification };
    });
  } catch (err) {
    // Two registrations of one e-mail at the same moment: the unique index decides.
    if (isUniqueViolation(err)) throw new ConflictError(AUTH_MESSAGES.emailTaken);
    throw err;
  }

  const { user, verification } = created;
  await trySendMail(deps, verificationMailFor(deps, user, verification));
  return { message: AUTH_MESSAGES.registered, userId: user.id, verificationToken: verification.id };
}

/**
 * Checks the credentials; the password is verified before the account's status is revealed.
 * Returns the user (lastLogin updated); the route starts the session.
 */
export async function authenticate(deps: AuthDeps, input: LoginInput): Promise<UserRow> {
  const email = normalizeEmail(input.email);
  const user = await findUserByEmail(deps.db, email);
  if (!user) {
    const purchase = await findActivePurchase(deps.db, email);
    throw new UnauthorizedError(AUTH_MESSAGES.accountNotFound, {
      accountNotFound: true,
      requiresPurchase: !purchase,
    });
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    throw new UnauthorizedError(AUTH_MESSAGES.wrongPassword);
  }
  if (user.status !== 'Ativo') throw new ForbiddenError(AUTH_MESSAGES.canceled, { accountCanceled: true });
  if (!user.emailVerified) {
    throw new ForbiddenError(AUTH_MESSAGES.notVerified, { emailNotVerified: true });
  }
  return (await touchLastLogin(deps.db, user.id)) ?? user;
}

/** The signed-in member as GET /api/auth/user and a successful login answer them. */
export function currentUserOf(user: SessionUser | UserRow): CurrentUser {
  return presentCurrentUser(user);
}

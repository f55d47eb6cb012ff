import { LOGIN_REQUIRED, PASSWORDS_MISMATCH, PASSWORDS_MISMATCH_DETAIL } from '../form-messages';
import { z } from './zod';

// Messages are the screens' own, word for word; the server answers them in `{ message }` with status 400.
const email = (requiredMessage: string) =>
  z
    .string({ message: requiredMessage })
    .trim()
    .min(1, { message: requiredMessage })
    .max(254, { message: 'E-mail inválido' })
    .pipe(z.email({ message: 'E-mail inválido' }));

const password = (requiredMessage: string) =>
  z
    .string({ message: requiredMessage })
    .min(1, { message: requiredMessage })
    .min(6, { message: 'Senha deve ter pelo menos 6 caracteres' })
    .max(200, { message: 'Senha muito longa (máximo 200 caracteres)' });

export const loginInput = z.object({
  email: email(LOGIN_REQUIRED),
  password: password(LOGIN_REQUIRED),
});
export type LoginInput = z.infer<typeof loginInput>;

/**
 * Login failure body: the client picks its notice (account not found, no active plan, canceled, e-mail not
 * verified) from these flags.
 */
export const loginFailure = z.object({
  message: z.string(),
  accountNotFound: z.boolean().optional(),
  requiresPurchase: z.boolean().optional(),
  accountCanceled: z.boolean().optional(),
  emailNotVerified: z.boolean().optional(),
});
export type LoginFailure = z.infer<typeof loginFailure>;

const REQUIRED_ALL = 'Todos os campos são obrigatórios';

export const registerInput = z.object({
  name: z
    .string({ message: REQUIRED_ALL })
    .trim()
    .min(1, { message: REQUIRED_ALL })
    .min(2, { message: 'Nome deve ter pelo menos 2 caracteres' })
    .max(120, { message: 'Nome muito longo (máximo 120 caracteres)' }),
  email: email(REQUIRED_ALL),
  password: password(REQUIRED_ALL),
});
export type RegisterInput = z.infer<typeof registerInput>;

/** The register screen's form: the API's fields plus the confirmation. */
export const registerForm = registerInput
  .extend({ confirmPassword: z.string({ message: REQUIRED_ALL }).min(1, { message: REQUIRED_ALL }) })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_MISMATCH,
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerForm>;

export const registerResponse = z.object({
  message: z.string(),
  userId: z.string(),
  /** Identifies the pending verification; it proves nothing by itself (the secret is only in the mail). */
  verificationToken: z.string(),
});
export type RegisterResponse = z.infer<typeof registerResponse>;

/** `token` is either the link's long token or the 6-digit code typed by hand. */
export const verifyEmailInput = z.object({
  userId: z
    .string({ message: 'Link de verificação inválido.' })
    .trim()
    .min(1, { message: 'Link de verificação inválido.' }),
  token: z
    .string({ message: 'Informe o código de verificação.' })
    .trim()
    .min(1, { message: 'Informe o código de verificação.' })
    .max(200, { message: 'Código inválido.' }),
});
export type VerifyEmailInput = z.infer<typeof verifyEmailInput>;

export const verificationCodeForm = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: 'O código tem 6 dígitos.' }),
});

export const resendVerificationInput = z.object({ email: email('E-mail inválido') });
export const forgotPasswordInput = z.object({ email: email('E-mail inválido') });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

export const resetPasswordInput = z.object({
  token: z
    .string({ message: 'Link de redefinição inválido.' })
    .min(10, { message: 'Link de redefinição inválido.' })
    .max(200),
  password: password('Informe a nova senha'),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

export const resetPasswordForm = z
  .object({
    password: password('Informe a nova senha'),
    confirmPassword: z.string().min(1, { message: 'Confirme a nova senha' }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_MISMATCH_DETAIL,
    path: ['confirmPassword'],
  });

/** POST /api/user/password: a signed-in member changes the password (the other sessions end). */
export const changePasswordInput = z.object({
  currentPassword: z
    .string({ message: 'Informe a senha atual' })
    .min(1, { message: 'Informe a senha atual' })
    .max(200, { message: 'Senha atual incorreta' }),
  newPassword: password('Informe a nova senha'),
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** The /perfil form: the API's fields plus the confirmation. */
export const changePasswordForm = changePasswordInput
  .extend({ confirmPassword: z.string().min(1, { message: 'Confirme a nova senha' }) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: PASSWORDS_MISMATCH_DETAIL,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

export const currentUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
  planType: z.string(),
  uniqueId: z.string(),
  status: z.enum(['Ativo', 'Cancelado']),
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
  /** Balance in reais (the database keeps integer cents). */
  balance: z.number(),
  points: z.number(),
});
export type CurrentUser = z.infer<typeof currentUser>;

/**
 * The forms' paired messages, 'title' / 'description': the screens show the pair as a toast beside the
 * field's own message (the same way as the calls form). No Zod here, so /login's first load stays small.
 */
export const REQUIRED_FIELDS_TITLE = 'Campos obrigatórios';
/** Login: e-mail and password required. */
export const LOGIN_REQUIRED = 'Email e senha são obrigatórios';
/** Register: the confirmation must match the password. */
export const PASSWORDS_MISMATCH = 'Senhas não coincidem';
export const PASSWORDS_MISMATCH_DETAIL = 'As senhas devem ser iguais';

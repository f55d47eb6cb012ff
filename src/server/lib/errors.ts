/** Typed errors thrown by services; the error handler turns them into `{ message, ...extra }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Response headers the answer carries (Retry-After of a 503). */
    readonly headers?: Record<string, string | number>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(400, message, extra);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Não autenticado. Faça login para continuar.', extra: Record<string, unknown> = {}) {
    super(401, message, extra);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'Acesso negado.', extra: Record<string, unknown> = {}) {
    super(403, message, extra);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Não encontrado.', extra: Record<string, unknown> = {}) {
    super(404, message, extra);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(409, message, extra);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}
export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(415, message);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message = 'Muitas tentativas. Aguarde um pouco e tente novamente.') {
    super(429, message);
  }
}

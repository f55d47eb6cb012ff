import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

const CODE_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Corpo da requisição não é um JSON válido.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Corpo da requisição vazio.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Requisição muito grande.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Tipo de conteúdo não suportado.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Tamanho de conteúdo inválido.'],
  FST_REQ_FILE_TOO_LARGE: [413, 'Arquivo muito grande.'],
  FST_PARTS_LIMIT: [413, 'Arquivos demais na requisição.'],
  FST_FILES_LIMIT: [413, 'Arquivos demais na requisição.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Envie o arquivo como multipart/form-data.'],
  FST_ERR_VALIDATION: [400, 'Dados inválidos.'],
};

/** One error handler: typed errors become `{ message, ...extra }`; internals never leave the server. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ message: error.message, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ message: error.validation[0]?.message || 'Dados inválidos.' });
    }
    const known = error.code ? CODE_MESSAGES[error.code] : undefined;
    if (known) return reply.status(known[0]).send({ message: known[1] });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: 'Requisição inválida.' });
    }
    request.log.error({ err: error }, 'erro interno');
    return reply.status(500).send({ message: 'Erro interno do servidor' });
  });
}

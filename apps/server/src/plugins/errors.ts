import { errorMessage, isErrorCode, type ErrorCode } from '@edoc/contract/errors';
import { fieldLabel, issueMessage } from '@edoc/contract/fields';
import type { Envelope } from '@edoc/contract/envelope';
import { API_BASE } from '@edoc/contract/limits';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { isServiceUnavailable, isUniqueViolation } from '../db/errors.ts';
import { AppError } from '../lib/app-error.ts';
import { requestLang } from '../lib/lang.ts';

/** What a 503 asks the caller to wait: about as long as PostgreSQL takes to restart. */
const RETRY_AFTER_SECONDS = 5;

/** Fastify's own error codes that are the client's fault, mapped to contract codes. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_REQ_FILE_TOO_LARGE: 'file_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'parameter_error',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'parameter_error',
  FST_ERR_CTP_INVALID_JSON_BODY: 'parameter_error',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'parameter_error',
  FST_ERR_VALIDATION: 'parameter_error',
};

/**
 * Errors the router raises before any route runs (a URL that is not valid, a path parameter past the router's
 * length limit): the envelope too, in the language the request asks for.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const body: Envelope<null> = {
    status: false,
    msg: errorMessage('parameter_error', requestLang(request)),
    data: null,
    errorCode: 'parameter_error',
  };
  void reply.status(status).header('cache-control', 'no-store').send(body);
}

/** One error handler: every failure becomes the envelope with an honest status, in the user's language. */
export function registerErrors(app: FastifyInstance, opts: { spa: boolean }): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = requestLang(request);
    const send = (status: number, code: ErrorCode, msg: string, data: unknown = null) => {
      const body: Envelope<unknown> = { status: false, msg, data, errorCode: code };
      return reply.status(status).send(body);
    };
    if (error instanceof AppError) {
      // A `field` param is a field key; it is shown by its label in the user's language.
      const params =
        'field' in error.params
          ? { ...error.params, field: fieldLabel(String(error.params.field), lang) }
          : error.params;
      return send(error.statusCode, error.code, errorMessage(error.code, lang, params), error.data);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The body as a whole did not parse as the route's JSON object, and it was not sent as JSON (a form, text):
      // the fault is the type, which the message says, instead of "request body is invalid".
      const type = String(request.headers['content-type'] ?? '');
      const wholeBody =
        error.validationContext === 'body' &&
        error.validation.some((v) => v.instancePath === '/' || v.instancePath === '');
      if (wholeBody && !/^application\/([\w.+-]*\+)?json\b/i.test(type))
        return send(415, 'json_body_required', errorMessage('json_body_required', lang), {
          fields: [{ field: 'requestBody', message: errorMessage('json_body_required', lang) }],
        });
      const issues = error.validation.map((v) =>
        issueMessage(
          {
            ...v.params,
            code: v.keyword,
            path: v.instancePath.split('/').filter((p) => p !== '' && !/^\d+$/.test(p)),
            message: v.message ?? '',
          },
          lang,
        ),
      );
      const first = issues[0];
      const code = isErrorCode(error.validation[0].message ?? '')
        ? (error.validation[0].message as ErrorCode)
        : 'parameter_error';
      return send(400, code, first.message, { fields: issues });
    }
    // Inputs a route schema cannot reach (multipart fields, spreadsheet rows) are parsed in the handler.
    if (error instanceof ZodError) {
      const issues = error.issues.map((issue) => issueMessage(issue, lang));
      const code = isErrorCode(error.issues[0]?.message ?? '')
        ? (error.issues[0].message as ErrorCode)
        : 'parameter_error';
      return send(400, code, issues[0]?.message ?? errorMessage(code, lang), { fields: issues });
    }
    // The multipart parser (busboy) reports a request cut off or garbled as a plain error: it is the client's.
    if (/unexpected end of (form|multipart data|file)|part terminated early|malformed part header/i.test(error.message))
      return send(400, 'upload_incomplete', errorMessage('upload_incomplete', lang));
    // A multipart content type with no boundary: busboy cannot even start (issue 9: bad input, never a 500).
    if (/boundary not found|multipart: boundary/i.test(error.message))
      return send(400, 'parameter_error', errorMessage('parameter_error', lang));
    // Two writers raced to one unique value and the service had no more specific code for it: a conflict, not a fault.
    if (isUniqueViolation(error)) return send(409, 'already_exists', errorMessage('already_exists', lang));
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return send(error.statusCode ?? 400, mapped, errorMessage(mapped, lang));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(error.statusCode, 'parameter_error', errorMessage('parameter_error', lang));
    }
    // The database or the file store is away: a fault of the moment, not of the request, which did nothing (a
    // transaction rolls back with its connection). Clients and load balancers retry after the pause.
    if (isServiceUnavailable(error)) {
      request.log.warn({ err: error }, 'database or storage unavailable');
      void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      const seconds = RETRY_AFTER_SECONDS;
      return send(503, 'service_unavailable', errorMessage('service_unavailable', lang, { seconds }), {
        retryAfter: seconds,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, 'system_error', errorMessage('system_error', lang));
  });
  app.setNotFoundHandler((request, reply) => {
    // The web app owns every path outside /edoc: it answers with index.html and shows its own 404 page.
    if (opts.spa && request.method === 'GET' && !request.url.startsWith(API_BASE)) {
      return reply.type('text/html').sendFile('index.html');
    }
    const body: Envelope<null> = {
      status: false,
      msg: errorMessage('route_not_found', requestLang(request)),
      data: null,
      errorCode: 'route_not_found',
    };
    return reply.status(404).send(body);
  });
}

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../contract/common.ts';

/** An error the client can act on: its HTTP status, body code and Chinese message are sent as-is. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: number;
  constructor(statusCode: number, code: number, message: string) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
  }
  static badRequest(message: string) {
    return new ApiError(400, ERROR_CODES.validation, message);
  }
  static unauthenticated(message = '请先登录') {
    return new ApiError(401, ERROR_CODES.unauthenticated, message);
  }
  static forbidden(message = '无权访问该资源') {
    return new ApiError(403, ERROR_CODES.forbidden, message);
  }
  static notFound(message = '请求的资源不存在') {
    return new ApiError(404, ERROR_CODES.notFound, message);
  }
  static conflict(message: string) {
    return new ApiError(409, ERROR_CODES.conflict, message);
  }
  static unavailable(message = '内容服务暂时不可用，请稍后重试') {
    return new ApiError(503, ERROR_CODES.unavailable, message);
  }
}

const FIELD_NAMES: Record<string, string> = { querystring: '查询参数', params: '路径参数', body: '请求体', headers: '请求头' };

/** Fastify's own client errors (bad JSON, wrong content type, body too large) in Chinese. */
function frameworkClientError(error: FastifyError): { status: number; code: number; message: string } | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: ERROR_CODES.validation, message: '请求体不是有效的 JSON' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 415, code: ERROR_CODES.unsupportedMedia, message: '不支持的请求内容类型' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, code: ERROR_CODES.payloadTooLarge, message: '请求内容过大' };
    default:
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return { status: error.statusCode, code: error.statusCode * 100, message: '请求无效' };
      }
      return undefined;
  }
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send({ code: error.code, message: error.message, data: null });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = FIELD_NAMES[error.validationContext ?? ''] ?? '参数';
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ?? '';
      const detail = first?.message ?? '格式不正确';
      return reply.status(400).send({
        code: ERROR_CODES.validation,
        message: `${where}错误：${field && !detail.includes(field) ? `${field} ` : ''}${detail}`,
        data: null,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its contract');
      return reply.status(500).send({ code: ERROR_CODES.internal, message: '服务器内部错误', data: null });
    }
    const client = frameworkClientError(error);
    if (client) {
      return reply.status(client.status).send({ code: client.code, message: client.message, data: null });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ code: ERROR_CODES.tooManyRequests, message: error.message, data: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: ERROR_CODES.internal, message: '服务器内部错误，请稍后重试', data: null });
  });
}

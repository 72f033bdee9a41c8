import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES } from '@feiyi/contract/common';
import * as MESSAGES from '@feiyi/contract/messages';

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
  static unauthenticated(message: string = MESSAGES.api.loginFirst) {
    return new ApiError(401, ERROR_CODES.unauthenticated, message);
  }
  static forbidden(message = '无权访问该资源') {
    return new ApiError(403, ERROR_CODES.forbidden, message);
  }
  static notFound(message: string = MESSAGES.api.notFound) {
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

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  [key: string]: unknown;
}

/** Whether Zod worded a message itself (its Chinese locale), rather than the contract (its own fixed wording). */
function isZodWording(issue: Issue): boolean {
  const produced = z.config().localeError?.({ ...issue, input: undefined } as never);
  const text = typeof produced === 'string' ? produced : produced?.message;
  if (text === undefined) return false;
  // invalid_type names the received type, which the issue no longer carries: compare up to it.
  const upToReceived = (message: string) => message.split('，实际接收')[0];
  return issue.code === 'invalid_type' ? upToReceived(issue.message) === upToReceived(text) : issue.message === text;
}

/**
 * A union (the batch body is a list or { records }; a category is '' or a number) fails as a whole
 * with Zod's bare 无效输入: the branch the contract wrote a message for says what is wrong.
 */
function decisiveIssue(issue: Issue): Issue {
  if (issue.code !== 'invalid_union' || !Array.isArray(issue.errors)) return issue;
  for (const branch of issue.errors as Issue[][]) {
    for (const inner of branch) {
      const decisive = decisiveIssue({ ...inner, path: [...issue.path, ...inner.path] });
      if (!isZodWording(decisive)) return decisive;
    }
  }
  return issue;
}

/**
 * The visitor sees the contract's own message exactly as written there ('长度在 3 到 20 个字符');
 * only Zod's generic wording gets the place and field it is about ('查询参数错误：page 无效输入').
 */
function validationMessage(
  context: string | undefined,
  first: { keyword: string; instancePath: string; message?: string; params: object },
) {
  const issue = decisiveIssue({
    ...(first.params as Record<string, unknown>),
    code: first.keyword,
    path: first.instancePath.split('/').filter(Boolean),
    message: first.message ?? '格式不正确',
  });
  if (!isZodWording(issue)) return issue.message;
  const where = FIELD_NAMES[context ?? ''] ?? '参数';
  const field = issue.path.map(String).join('.');
  return `${where}错误：${field && !issue.message.includes(field) ? `${field} ` : ''}${issue.message}`;
}

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
      // A 5xx with a cause is ours to fix (a CMS answer that broke its contract): the log says what.
      if (error.statusCode >= 500 && error.cause) request.log.error({ err: error.cause }, error.message);
      return reply.status(error.statusCode).send({ code: error.code, message: error.message, data: null });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const message = first ? validationMessage(error.validationContext, first) : '请求参数格式不正确';
      return reply.status(400).send({ code: ERROR_CODES.validation, message, data: null });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its contract');
      return reply.status(500).send({ code: ERROR_CODES.internal, message: '服务器内部错误', data: null });
    }
    // Before the generic 4xx answer below, which would replace the limiter's "请 N 秒后再试" with 请求无效.
    if (error.statusCode === 429) {
      return reply.status(429).send({ code: ERROR_CODES.tooManyRequests, message: error.message, data: null });
    }
    const client = frameworkClientError(error);
    if (client) {
      return reply.status(client.status).send({ code: client.code, message: client.message, data: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: ERROR_CODES.internal, message: '服务器内部错误，请稍后重试', data: null });
  });
}

import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@feiyi/contract/common';
import * as MESSAGES from '@feiyi/contract/messages';

/** The error answers a test may ask for, with the bodies the adapter gives for them elsewhere. */
export const TEST_FAULTS: Readonly<Record<string, { code: number; message: string }>> = {
  '400': { code: ERROR_CODES.validation, message: '请求参数格式不正确' },
  '401': { code: ERROR_CODES.unauthenticated, message: MESSAGES.api.loginFirst },
  '403': { code: ERROR_CODES.forbidden, message: '无权访问该资源' },
  '404': { code: ERROR_CODES.notFound, message: MESSAGES.api.notFound },
  '409': { code: ERROR_CODES.conflict, message: '请求与当前状态冲突' },
  '500': { code: ERROR_CODES.internal, message: '服务器内部错误，请稍后重试' },
  '503': { code: ERROR_CODES.unavailable, message: '内容服务暂时不可用，请稍后重试' },
};

export const TEST_FAULT_HEADER = 'x-test-fault';

/**
 * For browser tests only: a request to /api carrying `x-test-fault: <status>` is answered with that error
 * before any route runs, so a test can show a page's 403 or 500 state against the real stack. app.ts registers
 * this only when TEST_FAULTS=1, which only the test runner sets; without it the header means nothing.
 */
export function registerTestFaults(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const wanted = request.headers[TEST_FAULT_HEADER];
    if (typeof wanted !== 'string' || !request.url.startsWith('/api/')) return;
    const fault = TEST_FAULTS[wanted.trim()];
    if (!fault) return;
    return reply.status(Number(wanted.trim())).send({ ...fault, data: null });
  });
}

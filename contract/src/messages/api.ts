import { client } from './client.ts';

/** The API's own answers (the adapter's and the CMS's) where a call fails for a reason every call shares. */
export const api = {
  loginFirst: client.loginFirst,
  sessionExpired: client.sessionExpired,
  forbidden: '无权访问该资源',
  notFound: '请求的资源不存在',
  invalid: '请求无效',
  uploadFailed: '上传失败，请稍后重试',
  /** An internal call (the CMS's change report, the site builder's) without the shared webhook secret. */
  webhookRefused: '无效的回调',
  /** An overloaded adapter sheds the request early (503 with Retry-After) rather than letting every answer slow down. */
  overloaded: '服务繁忙，请稍后重试',
} as const;

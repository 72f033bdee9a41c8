/** The site's HTTP client (site/src/lib/api): how a failed call reads wherever the caller has no words of its own. */
export const client = {
  loginFirst: '请先登录',
  sessionExpired: '登录已过期，请重新登录',
  requestFailed: '请求失败',
  network: '网络错误，请检查您的网络连接',
  config: '请求配置错误',
  badAnswer: '响应数据格式错误',
  tooLarge: '请求数据不能超过 5MB',
  answerTooLarge: '响应数据超过 5MB，已停止读取',
} as const;

/** The client for history and order calls: how their failures read. */
export const request = {
  loginFirst: '请先登录',
  forbidden: '权限不足',
  notFound: '请求的资源不存在',
  serverError: (reason: string) => (reason ? `服务器错误: ${reason}` : '服务器错误'),
  failedWithStatus: (status: number, text: string) => `请求失败: ${status}${text ? ` ${text}` : ''}`,
  network: '网络错误',
  config: '请求配置错误',
} as const;

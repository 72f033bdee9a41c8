export const achievement = {
  forbidden: '无权获取成就数据，请重新登录',
  loginExpired: '登录已过期',
  failedLater: '获取成就数据失败，请稍后重试',
  updateFailed: (reason: string) => `更新成就失败: ${reason}`,
  unknownType: '未知的成就类型',
} as const;

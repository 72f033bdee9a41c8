export const policy = {
  listFailed: '获取政策列表失败',
  listFailedLater: '获取政策列表失败，请稍后重试',
} as const;

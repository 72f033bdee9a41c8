export const follow = {
  follow: '关注',
  unfollow: '取消关注',
  needsLogin: '请先登录后再关注传承人',
  followed: '关注成功',
  unfollowed: '已取消关注',
  failed: '操作失败',
  failedLater: '操作失败，请稍后重试',
  loginExpired: '登录已过期，请重新登录',
  confirmUnfollow: (name: string) => `确定要取消关注${name}吗？`,
  unfollowFailed: '取消关注失败，请稍后重试',
} as const;

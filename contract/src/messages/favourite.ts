export const favourite = {
  empty: '暂无收藏',
  listFailed: '获取收藏列表失败',
  loadFailed: '加载失败',
  detailFailed: '获取详情失败',
  unsupportedType: (type: string) => `不支持的收藏类型：${type}`,
  notLoggedIn: '用户未登录',
} as const;

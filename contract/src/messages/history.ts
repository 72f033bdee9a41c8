export const history = {
  empty: '暂无浏览记录',
  listFailed: '获取浏览记录失败',
  unknownTime: '未知时间',
} as const;

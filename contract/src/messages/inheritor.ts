export const inheritor = {
  /** Heading after the category title: '民间文学传承人'. */
  headingSuffix: '传承人',
  guestAlert: '您当前以游客身份浏览，登录后可查看更多传承人信息',
  noBio: '暂无简介',
  skillFeatures: '技艺特色',
  level: { national: '国家级', provincial: '省级' },
  listFailed: (reason?: string) => `获取传承人数据失败: ${reason?.trim() || '未知错误'}`,
  empty: '该类别暂无传承人',
  notFound: '传承人不存在',
} as const;

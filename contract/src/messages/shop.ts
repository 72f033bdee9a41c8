/** The merchandise page and quick-buy, and the payment pages' own wording. */
export const shop = {
  listFailed: '获取产品列表失败',
  detailFailed: '获取产品详情失败',
  createFailed: '创建订单失败，请重试',
  loginToBuy: '请先登录再购买',
  quickBuyFailed: (reason?: string) => `操作失败: ${reason?.trim() || '未知错误'}`,
  payFailed: (reason?: string) => `支付处理失败: ${reason?.trim() || '未知错误'}`,
  paid: '支付成功！',
  cancelled: '支付已取消',
  soldOut: '已售罄',
  empty: '没有找到相关商品',
} as const;

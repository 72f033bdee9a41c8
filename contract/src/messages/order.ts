export const order = {
  empty: '暂无订单',
  listFailed: '获取订单列表失败',
  notPending: '该订单不是待支付状态',
  detailFailed: '获取订单详情失败',
  paymentStatusFailed: '更新支付状态失败',
  viewOrders: '查看订单',
  continueShopping: '继续购物',
} as const;

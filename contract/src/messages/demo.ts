/** The honest-demo line on the shop and payment pages. */
export const demo = '演示站点：支付为模拟流程，不会产生任何真实扣款，也不会发货。';

/** What the shop benches send as a buyer: one request from the buyer's own address, and a one-item order. */

export interface Answer {
  status: number;
  ms: number;
  body: { code?: number; message?: string; data?: unknown };
}

/** One request from one visitor: its token and its own address (the stack trusts the local proxy). */
export async function call(url: string, init: { method?: string; token?: string; ip: string; json?: unknown }): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': init.ip };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  let body: Answer['body'] = {};
  try {
    body = JSON.parse(text) as Answer['body'];
  } catch {
    // A non-JSON answer keeps its status; the checks count it.
  }
  return { status: response.status, ms, body };
}

/** POST /api/order's body for one of `product`, as the shop's shipping form sends it. */
export const oneItemOrder = (product: { id: number; name: string; coverImage: string; price: number }) => ({
  orderItems: [
    {
      productId: product.id,
      productName: product.name,
      productImage: product.coverImage,
      price: product.price,
      quantity: 1,
      totalAmount: product.price,
    },
  ],
  shippingName: '测试买家',
  shippingPhone: '13800138000',
  shippingAddress: '浙江省杭州市西湖区文三路 1 号',
  totalAmount: product.price,
  payAmount: product.price,
  status: 0,
});

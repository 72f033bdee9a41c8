import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { DEMO, get, login, post, put, newUser, fileForm, tinyPng } from '../support/api.ts';

it('probe', async () => {
  const out: Record<string, unknown> = {};
  const demo = await login(DEMO.username, DEMO.password);
  const u = await newUser('probe');
  const cut = (x: unknown) => JSON.stringify(x).slice(0, 1500);
  const paths = ['/api/culture/page?size=2', '/api/culture/hot', '/api/culture/latest', '/api/categories', '/api/province/list', '/api/province/1', '/api/province/1/types', '/api/province/1/cultures?size=2',
    '/api/product/page?size=36', '/api/inheritor/category/67?size=10', '/api/policy/list', '/api/timeline', '/api/home', '/api/heritage/list', '/api/news/list', '/api/donations/projects', '/api/donations/feed', '/api/workshops', '/api/health', '/api/culture/search?keyword=jingju', '/api/culture/search?keyword=%E4%BA%AC%E5%89%A7'];
  for (const p of paths) { const r = await get(p); out[p] = [r.status, p.includes('product/page') || p.includes('workshops') || p.includes('projects') || p.includes('province/list') ? JSON.stringify(r.body) : cut(r.body)]; }
  const priv = ['/api/user/info', '/api/profile/stats', '/api/order/list', '/api/collection/list', '/api/profile/browse-history', '/api/inheritor/follows/count', '/api/profile/follows/inheritors', '/api/donations/mine', `/api/achievements/user/${u.id}`, '/api/profile/bookings'];
  for (const p of priv) { const r = await get(p, { token: u.token }); out['U ' + p] = [r.status, cut(r.body)]; }
  const b = await post('/api/profile/browse-history/batch', { token: u.token, json: Array.from({ length: 51 }, (_, i) => ({ browseType: 'culture', browseId: i + 1 })) });
  out.batch51 = [b.status, b.body];
  const b2 = await post('/api/profile/browse-history/batch', { token: u.token, json: { records: Array.from({ length: 51 }, (_, i) => ({ browseType: 'culture', browseId: i + 1 })) } });
  out.batch51obj = [b2.status, b2.body];
  const b3 = await post('/api/profile/browse-history/batch', { token: u.token, json: [] });
  out.batch0 = [b3.status, b3.body];
  out.up = await post('/api/upload/update-avatar', { token: u.token, body: fileForm(tinyPng(), 'a.png', 'image/png') }).then((r) => [r.status, r.body]);
  out.demo = demo;
  out.nouser = await put('/api/user/username', { token: u.token, json: { username: '   ' } }).then((r) => [r.status, r.body]);
  out.addr = await put('/api/user/address', { token: u.token, json: { province: '浙江省' } }).then((r) => [r.status, r.body]);
  out.coll = await post('/api/collection', { token: u.token, query: { type: 'video', targetId: 1 } }).then((r) => [r.status, r.body]);
  out.coll2 = await post('/api/collection', { query: { type: 'culture', targetId: 1 } }).then((r) => [r.status, r.body]);
  out.reg = await post('/api/user/register', { json: { username: 'ab', password: '1', email: 'x' } }).then((r) => [r.status, r.body]);
  out.json = await post('/api/user/login', { body: '{bad', headers: { 'content-type': 'application/json' } }).then((r) => [r.status, r.body]);
  out.q0 = await post('/api/order', { token: u.token, json: { orderItems: [{ productId: 1, quantity: 1.5 }], shippingName: 'a', shippingPhone: '13800000000', shippingAddress: 'x' } }).then((r) => [r.status, r.body]);
  out.qbig = await post('/api/order', { token: u.token, json: { orderItems: [{ productId: 1, quantity: 1e9 }], shippingName: 'a', shippingPhone: '13800000000', shippingAddress: 'x' } }).then((r) => [r.status, r.body]);
  out.donate = await post('/api/donations/donate', { token: u.token, json: { projectId: 1, amount: 10.5 } }).then((r) => [r.status, r.body]);
  out.book5 = await post('/api/workshops/1/book', { token: u.token, json: { participants: Array.from({ length: 5 }, () => ({ name: '张三', phone: '13800000000', idcard: '11010519491231002X' })) } }).then((r) => [r.status, r.body]);
  out.inh = await get('/api/inheritor/category/67', { token: u.token }).then((r) => [r.status, cut(r.body)]);
  writeFileSync('/tmp/probe.json', JSON.stringify(out, null, 1));
});

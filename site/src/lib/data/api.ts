import ky from 'ky';
import { culturePageResponse, homeResponse } from '@feiyi/api-adapter/contract';

/**
 * All I/O of the site goes through this module. At build time it reads the API named by
 * PORTAL_API_URL; in the browser it uses the page's own origin (the site and /api are one origin).
 * Every answer is parsed with the API's own contract schemas.
 */
const baseUrl = typeof window === 'undefined' ? (process.env.PORTAL_API_URL ?? 'http://127.0.0.1:8080') : window.location.origin;

const http = ky.create({ baseUrl, timeout: 30_000, retry: { limit: 3, delay: () => 1000 } });

export async function fetchCulturePage(params: { category?: number; page?: number; size?: number } = {}) {
  const searchParams = { category: params.category ?? '', page: params.page ?? 1, size: params.size ?? 10 };
  const body = await http.get('api/culture/page', { searchParams }).json();
  return culturePageResponse.parse(body).data.page;
}

export async function fetchHome() {
  return homeResponse.parse(await http.get('api/home').json()).data;
}

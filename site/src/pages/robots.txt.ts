import type { APIRoute } from 'astro';
import { robotsTxt } from '../lib/seo/sitemap';

export const GET: APIRoute = ({ site }) =>
  new Response(robotsTxt(site ?? 'http://127.0.0.1:8080'), { headers: { 'content-type': 'text/plain; charset=utf-8' } });

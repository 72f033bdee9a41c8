import type { APIRoute, GetStaticPaths } from 'astro';
import { openData } from '../../lib/open-data/build.ts';
import { DATA_FILE_NAMES } from '../../lib/open-data/files.ts';

// The open data's files (/data/items.csv …), written by every build from the same reads as the /minglu pages.
export const getStaticPaths = (() => DATA_FILE_NAMES.map((file) => ({ params: { file } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params, site }) => {
  const data = await openData((site ?? new URL('http://127.0.0.1:8080')).origin);
  const file = data.files.find((candidate) => candidate.name === params.file);
  if (!file) return new Response('没有这个文件', { status: 404 });
  const charset = file.mediaType.startsWith('text/') || file.mediaType.includes('json') ? '; charset=utf-8' : '';
  return new Response(file.content, { headers: { 'content-type': `${file.mediaType}${charset}` } });
};

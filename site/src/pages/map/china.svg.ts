import type { APIRoute } from 'astro';
import { allCultures, fetchNationalFigures } from '../../lib/data/api';
import { mapProvinces } from '../../lib/map/provinces';
import { chinaMapSvg } from '../../lib/map/svg';

/** The map's drawing as a file of the site: the home page fetches it when its map module comes near. */
export const GET: APIRoute = async () => {
  const [figures, cultures] = await Promise.all([fetchNationalFigures(), allCultures()]);
  return new Response(chinaMapSvg(mapProvinces(figures, cultures)), { headers: { 'content-type': 'image/svg+xml; charset=utf-8' } });
};

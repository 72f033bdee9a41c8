import type { fetchHome } from '../../lib/api/index.ts';

/** The home curation as the API gives it (hot items, showcase, timeline, heritage pages). */
export type HomeData = Awaited<ReturnType<typeof fetchHome>>;

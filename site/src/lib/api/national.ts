import { call } from './client.ts';

/** The national list's figures (totals, per category, batch and province, with their dates), computed by the API. */
export async function fetchNationalFigures(signal?: AbortSignal) {
  return (await call('nationalFiguresResponse', '/api/national/figures', { signal })).data;
}

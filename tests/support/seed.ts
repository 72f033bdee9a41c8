import path from 'node:path';
import { loadSeedData } from '../../cms/seed/load-data.ts';

/** The reviewable seed files the CMS was filled from: expected values come from here, not from literals. */
export const seed = loadSeedData(path.resolve(import.meta.dirname, '../../cms/seed/data'));

export function seedWorkshop(title: string) {
  const found = seed.workshops.find((w) => w.title === title);
  if (!found) throw new Error(`seed workshop ${title} is missing`);
  return found;
}

export function seedProduct(name: string) {
  const found = seed.products.find((p) => p.name === name);
  if (!found) throw new Error(`seed product ${name} is missing`);
  return found;
}

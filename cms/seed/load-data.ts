import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  categorySeed,
  cultureSeed,
  donationProjectSeed,
  heritagePageSeed,
  homeSeed,
  inheritorSeed,
  newsSeed,
  policySeed,
  productSeed,
  provinceSeed,
  timelineSeed,
  workshopSeed,
} from './schemas';

export class SeedDataError extends Error {}

function readJson<T extends z.ZodType>(file: string, schema: T): z.infer<T> {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new SeedDataError(`seed file ${file} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SeedDataError(`seed file ${file}: ${issue?.path.join('.')} ${issue?.message}`);
  }
  return parsed.data;
}

function assertUnique(values: readonly string[], what: string) {
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) throw new SeedDataError(`duplicate ${what}: ${value}`);
    seen.add(value);
  }
}

/** Reads and cross-checks every seed file; the result is what the seed writes, in order. */
export function loadSeedData(dataDir: string) {
  const file = (name: string) => path.join(dataDir, name);
  const categories = readJson(file('categories.json'), z.array(categorySeed).length(10));
  const provinces = readJson(file('provinces.json'), z.array(provinceSeed).length(34));
  const cultureFiles = readdirSync(file('cultures'))
    .filter((name) => name.endsWith('.json'))
    .sort();
  const cultures = cultureFiles.flatMap((name) => readJson(path.join(dataDir, 'cultures', name), z.array(cultureSeed)));
  const inheritors = readJson(file('inheritors.json'), z.array(inheritorSeed));
  const policies = readJson(file('policies.json'), z.array(policySeed));
  const timeline = readJson(file('timeline.json'), z.array(timelineSeed));
  const news = readJson(file('news.json'), z.array(newsSeed));
  const heritagePages = readJson(file('heritage-pages.json'), z.array(heritagePageSeed).length(15));
  const products = readJson(file('products.json'), z.array(productSeed));
  const donationProjects = readJson(file('donation-projects.json'), z.array(donationProjectSeed));
  const workshops = readJson(file('workshops.json'), z.array(workshopSeed).length(4));
  const home = readJson(file('home.json'), homeSeed);

  assertUnique(
    provinces.map((p) => p.shortName),
    'province',
  );
  assertUnique(
    cultures.map((c) => c.key),
    'culture key',
  );
  assertUnique(
    inheritors.map((i) => i.key),
    'inheritor key',
  );
  assertUnique(
    policies.map((p) => p.key),
    'policy key',
  );
  assertUnique(
    products.map((p) => p.key),
    'product key',
  );
  assertUnique(
    donationProjects.map((p) => p.key),
    'donation project key',
  );

  const provinceNames = new Set(provinces.map((p) => p.shortName));
  for (const item of [...cultures, ...inheritors]) {
    if (item.province && !provinceNames.has(item.province)) throw new SeedDataError(`unknown province ${item.province} in ${item.key}`);
  }
  const policyKeys = new Set(policies.map((p) => p.key));
  for (const entry of timeline) {
    if (!policyKeys.has(entry.policyKey)) throw new SeedDataError(`timeline ${entry.year} refers to unknown policy ${entry.policyKey}`);
  }
  const cultureKeys = new Set(cultures.map((c) => c.key));
  const inheritorKeys = new Set(inheritors.map((i) => i.key));
  for (const k of home.hotCultures) if (!cultureKeys.has(k)) throw new SeedDataError(`home refers to unknown culture ${k}`);
  for (const k of home.showcaseInheritors) if (!inheritorKeys.has(k)) throw new SeedDataError(`home refers to unknown inheritor ${k}`);

  const data = {
    categories,
    provinces,
    cultures,
    inheritors,
    policies,
    timeline,
    news,
    heritagePages,
    products,
    donationProjects,
    workshops,
    home,
  };
  const hash = createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 16);
  return { ...data, hash };
}

export type SeedData = ReturnType<typeof loadSeedData>;

/** Culture titles a theme page's related item names refer to (exact, or the item is a sub-entry of the title). */
export function matchRelatedCultures(relatedItems: readonly string[], cultures: ReadonlyArray<{ key: string; title: string }>): string[] {
  const keys = new Set<string>();
  for (const item of relatedItems) {
    for (const culture of cultures) {
      if (culture.title === item || item.startsWith(`${culture.title}（`) || culture.title.startsWith(`${item}（`)) keys.add(culture.key);
    }
  }
  return [...keys];
}

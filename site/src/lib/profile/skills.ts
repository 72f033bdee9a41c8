/**
 * The polar-area chart of the personal centre: how much of the visitor's attention went to each of
 * the 10 skill categories, from what they follow, keep and read. A follow weighs most (a lasting choice), a
 * favourite less, a visit least.
 */
export const SKILL_WEIGHTS = { follow: 3, favourite: 2, visit: 1 } as const;

export interface SkillCategory {
  id: number;
  title: string;
  officialName?: string;
}

export interface SkillSources {
  follows: ReadonlyArray<{ categoryName: string }>;
  favourites: ReadonlyArray<{ type: string; id: number }>;
  visits: ReadonlyArray<{ browseType: string; browseId: number }>;
}

/** What the records point at, by id: a culture item's category, a heritage page's categories, an inheritor's category. */
export interface SkillLookup {
  cultures: Readonly<Record<number, number>>;
  heritage: Readonly<Record<number, readonly number[]>>;
  inheritors: Readonly<Record<number, number | null | undefined>>;
}

export interface SkillScore {
  id: number;
  name: string;
  value: number;
}

function categoriesOf(type: string, id: number, lookup: SkillLookup): number[] {
  switch (type) {
    case 'culture': {
      const category = lookup.cultures[id];
      return category === undefined ? [] : [category];
    }
    case 'heritage':
      return [...new Set(lookup.heritage[id] ?? [])];
    case 'inheritor': {
      const category = lookup.inheritors[id];
      return category === undefined || category === null ? [] : [category];
    }
    default:
      // Products, news and workshops belong to no skill category.
      return [];
  }
}

/** One score per category, in the order given; records of unknown things count for nothing. */
export function skillScores(categories: readonly SkillCategory[], sources: SkillSources, lookup: SkillLookup): SkillScore[] {
  const scores = new Map<number, number>(categories.map((c) => [c.id, 0]));
  const add = (id: number | undefined, weight: number) => {
    if (id !== undefined && scores.has(id)) scores.set(id, (scores.get(id) ?? 0) + weight);
  };
  const byName = new Map<string, number>();
  for (const c of categories) {
    byName.set(c.title, c.id);
    if (c.officialName) byName.set(c.officialName, c.id);
  }
  for (const follow of sources.follows) add(byName.get(follow.categoryName.trim()), SKILL_WEIGHTS.follow);
  for (const favourite of sources.favourites) {
    for (const id of categoriesOf(favourite.type, favourite.id, lookup)) add(id, SKILL_WEIGHTS.favourite);
  }
  for (const visit of sources.visits) {
    for (const id of categoriesOf(visit.browseType, visit.browseId, lookup)) add(id, SKILL_WEIGHTS.visit);
  }
  return categories.map((c) => ({ id: c.id, name: c.title, value: scores.get(c.id) ?? 0 }));
}

/** The inheritors among the visits whose category is not known yet (to be looked up). */
export function inheritorsToLookUp(visits: SkillSources['visits'], known: SkillLookup['inheritors']): number[] {
  return [...new Set(visits.filter((v) => v.browseType === 'inheritor' && !(v.browseId in known)).map((v) => v.browseId))];
}

/** The leading categories for the chart's text: highest first, ties in category order, zeros left out. */
export function leadingSkills(scores: readonly SkillScore[], count = 3): SkillScore[] {
  return scores
    .map((score, index) => ({ score, index }))
    .filter(({ score }) => score.value > 0)
    .sort((a, b) => b.score.value - a.score.value || a.index - b.index)
    .slice(0, count)
    .map(({ score }) => score);
}

/** What the page is built with: each culture item's category and title, each heritage page's categories. */
export function contentLookup(
  cultures: ReadonlyArray<{ id: number; categoryId: number | null; title: string }>,
  pages: ReadonlyArray<{ id: number; relatedCultures: ReadonlyArray<{ id: number }> }>,
): Pick<SkillLookup, 'cultures' | 'heritage'> & { cultureTitles: Record<number, string> } {
  const categoryOf: Record<number, number> = {};
  const cultureTitles: Record<number, string> = {};
  for (const c of cultures) {
    if (c.categoryId !== null) categoryOf[c.id] = c.categoryId;
    cultureTitles[c.id] = c.title;
  }
  const heritage: Record<number, number[]> = {};
  for (const page of pages) {
    const ids = [...new Set(page.relatedCultures.map((r) => categoryOf[r.id]).filter((id): id is number => id !== undefined))];
    if (ids.length > 0) heritage[page.id] = ids;
  }
  return { cultures: categoryOf, heritage, cultureTitles };
}

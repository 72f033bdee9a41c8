/**
 * The province culture browser's type tags: every category is shown; those the
 * province lacks are disabled; at most one is active, and clicking the active one clears it.
 */
export interface TypeTag {
  /** The category's name as the tags show it (杂技 is shown as 杂技体育 here). */
  label: string;
  /** The type name the API filters on. */
  type: string;
  categoryId: number;
  disabled: boolean;
  active: boolean;
}

export interface TagCategory {
  id: number;
  /** The API's type name for the category (the official name, e.g. 传统戏剧). */
  type: string;
  label: string;
}

/** The name a category's tag shows in the province view: 杂技 becomes 杂技体育. */
export function provinceTagLabel(title: string): string {
  return title === '杂技' ? '杂技体育' : title;
}

export function typeTags(
  categories: readonly TagCategory[],
  provinceTypes: readonly string[] | undefined,
  activeCategoryId: number | undefined,
): TypeTag[] {
  // A failing types list is tolerated: then no tag is disabled.
  const present = provinceTypes ? new Set(provinceTypes) : undefined;
  return categories.map((category) => {
    const disabled = present ? !present.has(category.type) && !present.has(category.label) : false;
    return {
      label: category.label,
      type: category.type,
      categoryId: category.id,
      disabled,
      active: !disabled && category.id === activeCategoryId,
    };
  });
}

/** The active category after a click on a tag: the clicked one, or none when it was already active. */
export function toggleType(active: number | undefined, clicked: number): number | undefined {
  return active === clicked ? undefined : clicked;
}

/** The categoryId query of a province page (…?categoryId=67), when it names a known category. */
export function categoryIdFromQuery(search: string, known: readonly number[]): number | undefined {
  const raw = new URLSearchParams(search).get('categoryId');
  if (!raw || !/^\d+$/.test(raw)) return undefined;
  const id = Number(raw);
  return known.includes(id) ? id : undefined;
}

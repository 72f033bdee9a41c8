/** Slices a sorted list into the spec's page shape. */
export function paginate<T>(items: readonly T[], page: number, size: number) {
  const total = items.length;
  return {
    records: items.slice((page - 1) * size, page * size),
    total,
    size,
    current: page,
    pages: Math.ceil(total / size),
  };
}

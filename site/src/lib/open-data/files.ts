/** The names of the files under /data/ (package.ts makes them; tables.ts names the tables). */
export const TABLE_NAMES = ['items', 'entries', 'inheritors', 'provinces', 'categories', 'batches', 'inheritor-batches'] as const;
export const DATA_FILE_NAMES = [
  ...TABLE_NAMES.flatMap((name) => [`${name}.csv`, `${name}.jsonl`]),
  'datapackage.json',
  'changes.json',
  'dcat.jsonld',
  'sha256sums.txt',
];

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RawNationalList } from '../../api-adapter/src/national/list.ts';
import { ROOT } from '../src/paths.ts';

interface SeedCulture {
  title: string;
  category: number;
  description: string;
  content: string[];
  tags: string[];
}

/** A deterministic generator, so two benchmark runs search the same 10,000 items. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const CATEGORIES: Record<number, [string, string]> = {
  66: ['民间文学', '民间文学'],
  67: ['戏剧', '传统戏剧'],
  68: ['美术', '传统美术'],
  69: ['杂技', '传统体育、游艺与杂技'],
  70: ['曲艺', '曲艺'],
  71: ['传统技艺', '传统技艺'],
  72: ['音乐', '传统音乐'],
  73: ['民俗', '民俗'],
  74: ['医药', '传统医药'],
  75: ['舞蹈', '传统舞蹈'],
};

/**
 * 10,000 culture documents shaped like Strapi's answers, built from the real seed texts recombined
 * (place names × item names, paragraphs shuffled), so lengths and vocabulary are realistic.
 */
export function generateCultures(count = 10_000) {
  const dir = path.join(ROOT, 'cms', 'seed', 'data', 'cultures');
  const seeds: SeedCulture[] = readdirSync(dir).flatMap((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as SeedCulture[]);
  const places = [
    '苏州',
    '杭州',
    '泉州',
    '潮州',
    '大理',
    '黔东南',
    '延安',
    '扬州',
    '景德镇',
    '佛山',
    '丽江',
    '徽州',
    '洛阳',
    '开封',
    '成都',
    '西安',
  ];
  const next = random(20261122);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const base = pick(seeds);
    const place = pick(places);
    const paragraphs = [...base.content].sort(() => next() - 0.5);
    const [name, officialName] = CATEGORIES[base.category]!;
    return {
      id: i + 1,
      documentId: `bench${i + 1}`,
      pid: i + 1,
      title: i < seeds.length ? base.title : `${place}${base.title.replace(/（.*）/, '')}`,
      description: base.description,
      content: paragraphs.join('\n\n'),
      viewCount: Math.floor(next() * 5000),
      publishedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      cover: { url: `/uploads/bench-${i + 1}.svg` },
      images: [],
      introVideo: null,
      category: { code: base.category, name, officialName },
      province: null,
      tags: [...base.tags, place].map((tag) => ({ name: tag })),
      listing: null,
    };
  });
}

export const SEARCH_KEYWORDS = [
  '京剧',
  'jingju',
  'jj',
  '剪纸',
  '苏州',
  '传统技艺',
  '青瓷',
  'kunqu',
  '刺绣',
  '鼓',
  '端午',
  'nianhua',
  '泉州',
  '大歌',
  '传说',
  '针灸',
  'suona',
  '灯会',
  '武术',
  '评弹',
];

/** Keywords that should find items and inheritors of the national list. */
export const NATIONAL_KEYWORDS = ['相声', 'xiangsheng', '少林', '湘绣', '古琴', 'chunjie', '刘长瑜', 'slgf'];

const COPIES = ['', '东', '西', '南', '北', '上', '下', '新', '老', '大'];

/**
 * The national list as the CMS answers it (`times` = 1), or `times` copies of it for the scale
 * benchmark: each copy gets serials of its own (Ⅳ-28 → Ⅳ-1028 …) and names with a prefix.
 */
export function nationalListTimes(raw: RawNationalList, times: number): RawNationalList {
  const copies = Array.from({ length: times }, (_, k) => k);
  const serial = (value: string, k: number) => value.replace(/-(\d+)$/, (_, n: string) => `-${Number(n) + k * 1000}`);
  const prefix = (name: string, k: number) => `${COPIES[k % COPIES.length]}${k >= COPIES.length ? k : ''}${name}`;
  let entryId = 0;
  let pid = 0;
  return {
    entries: copies.flatMap((k) =>
      raw.entries.map((e) => ({
        ...e,
        id: ++entryId,
        serial: serial(e.serial, k),
        name: prefix(e.name, k),
        culturePid: k === 0 ? e.culturePid : null,
      })),
    ),
    inheritors: copies.flatMap((k) =>
      raw.inheritors.map((i) => ({ ...i, pid: ++pid, itemSerial: i.itemSerial && serial(i.itemSerial, k), name: prefix(i.name, k) })),
    ),
  };
}

/**
 * The contract's answer schemas the site reads, by name, and where each is defined: a schema's module is loaded only
 * when a call first needs it. Used by client.ts (at build time, and in a browser without workers) and by
 * parse-worker.ts, where the browser parses answers off the page's main thread.
 */
import type { z } from 'zod';
import type * as Contract from '@feiyi/contract';

/**
 * The contract's modules, each loaded on its own when a call first needs one of its schemas: a page fetches and
 * evaluates only the schemas it reads (the personal centre 5 modules of 15), each in a task of its own, rather than
 * all of them in one long task that holds a phone's main thread.
 */
const CONTRACT_MODULES = {
  auth: () => import('@feiyi/contract/auth'),
  collection: () => import('@feiyi/contract/collection'),
  common: () => import('@feiyi/contract/common'),
  content: () => import('@feiyi/contract/content'),
  culture: () => import('@feiyi/contract/culture'),
  donation: () => import('@feiyi/contract/donation'),
  history: () => import('@feiyi/contract/history'),
  inheritor: () => import('@feiyi/contract/inheritor'),
  national: () => import('@feiyi/contract/national'),
  order: () => import('@feiyi/contract/order'),
  policy: () => import('@feiyi/contract/policy'),
  product: () => import('@feiyi/contract/product'),
  profile: () => import('@feiyi/contract/profile'),
  province: () => import('@feiyi/contract/province'),
  workshop: () => import('@feiyi/contract/workshop'),
};
type ContractModules = typeof CONTRACT_MODULES;
type ModuleName = keyof ContractModules;
type ModuleExports<M extends ModuleName> = Awaited<ReturnType<ContractModules[M]>>;

/** The module that defines each answer schema the site reads (TypeScript checks each one below). */
export const SCHEMA_HOMES = {
  achievementCheckResponse: 'donation',
  achievementsResponse: 'donation',
  bookingListResponse: 'workshop',
  bookingResponse: 'workshop',
  browseListResponse: 'history',
  browseRecordResponse: 'history',
  categoriesResponse: 'culture',
  collectionChangeResponse: 'collection',
  collectionCheckResponse: 'collection',
  collectionListResponse: 'collection',
  createOrderResponse: 'order',
  cultureDetailResponse: 'culture',
  culturePageResponse: 'culture',
  cultureSearchResponse: 'culture',
  donateResponse: 'donation',
  donationProjectsResponse: 'donation',
  donorFeedResponse: 'donation',
  followCountResponse: 'inheritor',
  followListResponse: 'inheritor',
  followStatusResponse: 'inheritor',
  heritageListResponse: 'content',
  heritageResponse: 'content',
  homeResponse: 'content',
  hotLatestResponse: 'culture',
  inheritorDetailResponse: 'inheritor',
  inheritorPageResponse: 'inheritor',
  inheritorProfilesResponse: 'inheritor',
  loginResponse: 'auth',
  messageOnly: 'common',
  myDonationsResponse: 'donation',
  nationalEntriesResponse: 'national',
  nationalFiguresResponse: 'national',
  nationalItemResponse: 'national',
  newsListResponse: 'content',
  newsResponse: 'content',
  orderDetailResponse: 'order',
  orderListResponse: 'order',
  payResponse: 'order',
  policyListResponse: 'policy',
  productDetailResponse: 'product',
  productPageResponse: 'product',
  profileUserResponse: 'profile',
  provinceCulturesResponse: 'province',
  provinceListResponse: 'province',
  provinceResponse: 'province',
  provinceTypesResponse: 'province',
  quickOrderResponse: 'order',
  registerResponse: 'auth',
  statsResponse: 'profile',
  timelineResponse: 'policy',
  uploadResponse: 'profile',
  userInfoResponse: 'auth',
  workshopsResponse: 'workshop',
} as const satisfies Partial<Record<keyof typeof Contract, ModuleName>>;

/** The contract's answer schemas the site reads, by their exported name. */
export type SchemaName = keyof typeof SCHEMA_HOMES;
type Home<K extends SchemaName> = (typeof SCHEMA_HOMES)[K];
export type Schema<K extends SchemaName> = K extends keyof ModuleExports<Home<K>> ? ModuleExports<Home<K>>[K] : never;
/** Every name is exported by the module given as its home (a wrong home names itself here as a type error). */
type MisplacedSchema = { [K in SchemaName]: K extends keyof ModuleExports<Home<K>> ? never : K }[SchemaName];
const schemaHomesChecked: [MisplacedSchema] extends [never] ? true : MisplacedSchema = true;
void schemaHomesChecked;

const loadingModules = new Map<ModuleName, Promise<Record<string, unknown>>>();

/** A schema's module, loaded once and only when a call needs it (a page evaluates only the schemas it reads). */
export function schemaModule(name: SchemaName): Promise<Record<string, unknown>> {
  const home = SCHEMA_HOMES[name];
  let loading = loadingModules.get(home);
  if (!loading) {
    loading = CONTRACT_MODULES[home]();
    // A failed import (the network dropped) is tried again by the next call rather than remembered.
    loading.catch(() => loadingModules.delete(home));
    loadingModules.set(home, loading);
  }
  return loading;
}

/** Parses an answer with the contract's schema of that name (loading its module first, once). */
export async function parseAnswer(
  name: SchemaName,
  body: unknown,
  loading: Promise<Record<string, unknown>> = schemaModule(name),
): Promise<{ success: true; data: unknown } | { success: false }> {
  const schema = (await loading)[name] as z.ZodType;
  const parsed = schema.safeParse(body);
  return parsed.success ? { success: true, data: parsed.data } : { success: false };
}

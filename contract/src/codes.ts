/**
 * The body codes of the API's envelope. A module of its own, without zod: the site's shell reads them on every page,
 * and importing them from common.ts (whose schemas are built when it loads) brought zod into the shell's bundle.
 */

/** Body code for success. The hot and latest calls answer HOT_LATEST_CODE instead. */
export const SUCCESS_CODE = 20000;
export const HOT_LATEST_CODE = 200;

export const ERROR_CODES = {
  validation: 40000,
  unauthenticated: 40100,
  forbidden: 40300,
  notFound: 40400,
  conflict: 40900,
  payloadTooLarge: 41300,
  unsupportedMedia: 41500,
  tooManyRequests: 42900,
  internal: 50000,
  unavailable: 50300,
} as const;

/**
 * The contract's schemas and rules for code that runs in the browser: the same exports as
 * `@feiyi/contract` (zod in the site's bundles never compiles parsers with eval: see zod-jitless.ts).
 * Types may come straight from the package.
 */

export * from '@feiyi/contract';

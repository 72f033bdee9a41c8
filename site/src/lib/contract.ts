/**
 * The contract's schemas and rules for code that runs in the browser: the same exports as
 * `@feiyi/api-adapter/contract`, built after zod is told not to compile parsers with eval (see zod-jitless.ts).
 * Types may come straight from the package.
 */
import './zod-jitless.ts';

export * from '@feiyi/api-adapter/contract';

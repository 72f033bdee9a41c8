import { config } from 'zod';

// zod compiles object parsers with `new Function` when eval is allowed, and finds out by trying it: under the site's
// content security policy (no 'unsafe-eval') that try is a reported CSP violation on every page that loads the
// contract. Schemas read this setting when they are built, so this module runs before the contract's.
config({ jitless: true });

/**
 * What `zod` means in the site's bundles (astro.config.mjs aliases the bare specifier here): zod itself, told first not
 * to compile parsers with `new Function`. zod finds out whether eval is allowed by trying it when an object schema is
 * built; under the site's content security policy (no 'unsafe-eval') that try is a reported CSP violation. Setting
 * this in a module the pages import before the contract was not enough: the bundler may evaluate a contract chunk
 * before a module it only imports for its side effect. Every module that builds a schema imports zod, so it
 * evaluates this first. Messages zod words itself are Chinese, as the API's are (the contract sets nothing globally:
 * each app does).
 */
import { config } from 'zod/v4/core';
import zhCN from 'zod/v4/locales/zh-CN.js';

config({ jitless: true, ...zhCN() });

export * from 'zod/v4';
export { default } from 'zod/v4';

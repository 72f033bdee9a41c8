/**
 * The site's one API module: every call goes through client.ts (ky + the contract's zod schemas + the client
 * rules of rules.ts). Import from here: fetchers per domain, their queryOptions factories, the QueryClient and the login state.
 */
export * from './auth.ts';
export * from './client.ts';
export * from './favourite.ts';
export * from './content.ts';
export * from './culture.ts';
export * from './culture-search.ts';
export * from './calendar.ts';
export * from './donation.ts';
export * from './errors.ts';
export * from './history.ts';
export * from './history-store.ts';
export * from './local-bookings.ts';
export * from './inheritor.ts';
export * from './national.ts';
export * from './order.ts';
export * from './policy.ts';
export * from './product.ts';
export * from './profile.ts';
export * from './province.ts';
export * from './query-client.ts';
export * from './session.ts';
export * from './workshop.ts';
export { afterLoginTarget, loginHref, needsLogin } from './rules.ts';

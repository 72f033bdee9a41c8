// The API contract: zod schemas for every call, shared by the adapter (validation, serialisation,
// OpenAPI), the site (typed client) and the tests. Import as '@feiyi/contract', or one module as '@feiyi/contract/<name>'.
export * from './auth.ts';
export * from './collection.ts';
export * from './common.ts';
export * from './content.ts';
export * from './culture.ts';
export * from './donation.ts';
export * from './history.ts';
export * from './inheritor.ts';
export * from './national.ts';
export * from './order.ts';
export * from './picture.ts';
export * from './policy.ts';
export * from './product.ts';
export * from './profile.ts';
export * from './province.ts';
export * from './workshop.ts';
export * from './preview.ts';

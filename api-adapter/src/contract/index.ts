// The API contract: zod schemas for every call, shared by the adapter (validation, serialisation,
// OpenAPI) and the site (typed client). Import as '@feiyi/api-adapter/contract'.
export * from './common.ts';
export * from './culture.ts';

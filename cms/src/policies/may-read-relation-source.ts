import type { Core } from '@strapi/strapi';

interface PolicyContext {
  params: { model?: string };
  state: { userAbility?: { can(action: string, subject: string): boolean } };
}

/**
 * An admin may list a document's relations only when allowed to read its type at all (see
 * bootstrap/relations-guard.ts, which puts this policy on the content-manager's relation routes).
 */
export default (context: PolicyContext, _config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  const model = context.params.model;
  // A component's relations are checked by Strapi on its own terms; none of ours points at a visitor's record.
  if (!model || !(model in strapi.contentTypes)) return true;
  return Boolean(context.state.userAbility?.can('plugin::content-manager.explorer.read', model));
};

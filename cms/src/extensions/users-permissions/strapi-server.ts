import type { Core } from '@strapi/strapi';

type PluginWithUser = Core.Plugin & {
  contentTypes: { user: { schema: { attributes: Record<string, unknown> } } };
};

// Profile fields the personal centre needs, added to the plugin's own user type
// (extending beats copying the whole schema, which would drift from the plugin).
export default (plugin: PluginWithUser) => {
  Object.assign(plugin.contentTypes.user.schema.attributes, {
    avatar: { type: 'string', maxLength: 500 },
    backgroundImage: { type: 'string', maxLength: 500 },
    address: { type: 'component', repeatable: false, component: 'user.address' },
  });
  return plugin;
};

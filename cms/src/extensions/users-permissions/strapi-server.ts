import type { Core } from '@strapi/strapi';

type PluginWithUser = Core.Plugin & {
  contentTypes: { user: { schema: { info: Record<string, unknown>; attributes: Record<string, unknown> } } };
};

// Profile fields the personal centre needs, added to the plugin's own user type
// (extending beats copying the whole schema, which would drift from the plugin).
export default (plugin: PluginWithUser) => {
  Object.assign(plugin.contentTypes.user.schema.attributes, {
    avatar: { type: 'string', maxLength: 500 },
    backgroundImage: { type: 'string', maxLength: 500 },
    address: { type: 'component', repeatable: false, component: 'user.address' },
  });
  // The content manager's sidebar and headings read the display name ("User"); the API names stay.
  Object.assign(plugin.contentTypes.user.schema.info, { displayName: '用户', description: '网站的访客账号' });
  return plugin;
};

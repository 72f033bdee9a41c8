export default [
  'strapi::logger',
  'strapi::errors',
  // Inside the error formatter: an upload's refusal is rewritten in Chinese before it is formatted.
  'global::upload-messages',
  'strapi::security',
  'strapi::cors',
  'strapi::poweredBy',
  'strapi::query',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];

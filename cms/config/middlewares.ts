export default [
  // First: the request's trace span (when OTEL_EXPORTER_OTLP_ENDPOINT is set) covers everything below.
  'global::tracing',
  // Its time covers every other middleware's.
  'global::metrics',
  // The adapter's X-Request-Id on every log line written for the request.
  'global::request-id',
  'strapi::logger',
  'strapi::errors',
  // Inside the error formatter: an upload's refusal is rewritten in Chinese before it is formatted.
  'global::upload-messages',
  // Editors at work in the admin: the site builder keeps a render process ready for their publishes.
  'global::editor-activity',
  'strapi::security',
  'strapi::cors',
  'strapi::poweredBy',
  'strapi::query',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  // Uploads kept in an S3 bucket under /uploads/ (src/media/upload-store.ts), shown in the admin from the site.
  'global::uploads-from-store',
  'strapi::public',
];

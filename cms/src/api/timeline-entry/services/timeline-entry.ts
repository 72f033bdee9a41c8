import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::timeline-entry.timeline-entry');

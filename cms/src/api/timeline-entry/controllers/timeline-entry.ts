import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::timeline-entry.timeline-entry');

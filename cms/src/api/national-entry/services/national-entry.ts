import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::national-entry.national-entry');

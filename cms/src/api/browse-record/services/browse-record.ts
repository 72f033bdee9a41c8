import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::browse-record.browse-record');

import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::browse-record.browse-record');

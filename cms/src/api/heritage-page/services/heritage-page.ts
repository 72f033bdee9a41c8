import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::heritage-page.heritage-page');

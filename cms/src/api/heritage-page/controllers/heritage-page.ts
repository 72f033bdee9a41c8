import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::heritage-page.heritage-page');

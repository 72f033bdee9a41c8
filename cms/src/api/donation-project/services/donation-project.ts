import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::donation-project.donation-project');

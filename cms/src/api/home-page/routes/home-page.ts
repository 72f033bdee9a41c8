import { factories } from '@strapi/strapi';
import { withPopulate } from '../../populate-rules';

export default factories.createCoreRouter('api::home-page.home-page', {
  only: ['find'],
  config: { find: withPopulate('home-page') },
});

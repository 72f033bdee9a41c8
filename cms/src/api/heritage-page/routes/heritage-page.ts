import { factories } from '@strapi/strapi';
import { withPopulate } from '../../populate-rules';

export default factories.createCoreRouter('api::heritage-page.heritage-page', {
  only: ['find', 'findOne'],
  config: { find: withPopulate('heritage-page'), findOne: withPopulate('heritage-page') },
});

import { factories } from '@strapi/strapi';
import { withPopulate } from '../../populate-rules';

export default factories.createCoreRouter('api::workshop.workshop', {
  only: ['find', 'findOne'],
  config: { find: withPopulate('workshop'), findOne: withPopulate('workshop') },
});

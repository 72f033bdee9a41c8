import { factories } from '@strapi/strapi';
import { withPopulate } from '../../populate-rules';

export default factories.createCoreRouter('api::policy.policy', {
  only: ['find', 'findOne'],
  config: { find: withPopulate('policy'), findOne: withPopulate('policy') },
});

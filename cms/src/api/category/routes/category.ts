import { factories } from '@strapi/strapi';
import { withPopulate } from '../../populate-rules';

export default factories.createCoreRouter('api::category.category', {
  only: ['find', 'findOne'],
  config: { find: withPopulate('category'), findOne: withPopulate('category') },
});

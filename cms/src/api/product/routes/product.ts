import { factories } from '@strapi/strapi';
import { withPopulate } from '../../populate-rules';

export default factories.createCoreRouter('api::product.product', {
  only: ['find', 'findOne'],
  config: { find: withPopulate('product'), findOne: withPopulate('product') },
});

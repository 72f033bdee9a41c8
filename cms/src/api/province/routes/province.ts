import { factories } from '@strapi/strapi';
import { withPopulate } from '../../populate-rules';

export default factories.createCoreRouter('api::province.province', {
  only: ['find', 'findOne'],
  config: { find: withPopulate('province'), findOne: withPopulate('province') },
});

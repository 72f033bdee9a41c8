import { factories } from '@strapi/strapi';
import { withPopulate } from '../../populate-rules';

export default factories.createCoreRouter('api::culture.culture', {
  only: ['find', 'findOne'],
  config: { find: withPopulate('culture'), findOne: withPopulate('culture') },
});

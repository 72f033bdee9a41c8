import { factories } from '@strapi/strapi';
import { withPopulate } from '../../populate-rules';

export default factories.createCoreRouter('api::inheritor.inheritor', {
  only: ['find', 'findOne'],
  config: { find: withPopulate('inheritor'), findOne: withPopulate('inheritor') },
});

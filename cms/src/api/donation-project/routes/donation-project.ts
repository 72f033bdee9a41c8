import { factories } from '@strapi/strapi';
import { withPopulate } from '../../populate-rules';

export default factories.createCoreRouter('api::donation-project.donation-project', {
  only: ['find', 'findOne'],
  config: { find: withPopulate('donation-project'), findOne: withPopulate('donation-project') },
});

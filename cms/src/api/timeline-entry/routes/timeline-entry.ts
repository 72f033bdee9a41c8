import { factories } from '@strapi/strapi';
import { withPopulate } from '../../populate-rules';

export default factories.createCoreRouter('api::timeline-entry.timeline-entry', {
  only: ['find', 'findOne'],
  config: { find: withPopulate('timeline-entry'), findOne: withPopulate('timeline-entry') },
});

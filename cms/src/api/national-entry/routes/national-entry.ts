import { factories } from '@strapi/strapi';
import { withPopulate } from '../../populate-rules';

export default factories.createCoreRouter('api::national-entry.national-entry', {
  only: ['find', 'findOne'],
  config: { find: withPopulate('national-entry'), findOne: withPopulate('national-entry') },
});

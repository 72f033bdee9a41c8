import { factories } from '@strapi/strapi';
import { withPopulate } from '../../populate-rules';

export default factories.createCoreRouter('api::news-item.news-item', {
  only: ['find', 'findOne'],
  config: { find: withPopulate('news-item'), findOne: withPopulate('news-item') },
});

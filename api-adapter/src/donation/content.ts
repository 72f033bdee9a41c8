import { collection } from '../content/store.ts';
import { strapiDonationProject, toDonationProject } from './mapper.ts';

export const donationProjects = collection('content', 'donation-projects', {
  query: { sort: 'sort:asc' },
  shape: strapiDonationProject,
  map: (documents, origin) => documents.map((document) => toDonationProject(document, origin)),
});

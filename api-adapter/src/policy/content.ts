import { collection } from '../content/store.ts';
import { strapiPolicy, strapiTimelineEntry, toPolicy, toTimelineEntry } from './mapper.ts';

export const policies = collection('content', 'policies', {
  query: { sort: 'pubDate:asc' },
  shape: strapiPolicy,
  map: (documents) => documents.map(toPolicy),
});
export const timeline = collection('content', 'timeline-entries', {
  query: { sort: 'year:asc' },
  shape: strapiTimelineEntry,
  map: (documents) => documents.map(toTimelineEntry),
});

export const policyContent = [policies, timeline];

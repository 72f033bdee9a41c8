import { queryOptions } from '@tanstack/react-query';
import { call } from './client.ts';

export async function fetchPolicies(signal?: AbortSignal) {
  return (await call('policyListResponse', '/api/policy/list', { signal })).data.policies;
}

export async function fetchTimeline(signal?: AbortSignal) {
  return (await call('timelineResponse', '/api/timeline', { signal })).data.timeline;
}

export const policyQueries = {
  all: () => ['policy'] as const,
  list: () => queryOptions({ queryKey: [...policyQueries.all(), 'list'], queryFn: ({ signal }) => fetchPolicies(signal) }),
  timeline: () => queryOptions({ queryKey: [...policyQueries.all(), 'timeline'], queryFn: ({ signal }) => fetchTimeline(signal) }),
};

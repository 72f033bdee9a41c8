import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { achievementCheckBody, donateBody } from '@feiyi/contract';
import { call } from './client.ts';

export async function fetchDonationProjects(signal?: AbortSignal) {
  return (await call('donationProjectsResponse', '/api/donations/projects', { signal })).data.projects;
}

export async function fetchDonorFeed(limit = 20, signal?: AbortSignal) {
  return (await call('donorFeedResponse', '/api/donations/feed', { searchParams: { limit }, signal })).data.records;
}

/** A 401/403 is the caller's to word ('无权捐赠，请先登录'), not the general 'login expired'. */
export async function donate(input: z.input<typeof donateBody>) {
  return (await call('donateResponse', '/api/donations/donate', { method: 'post', json: input, onAuthFailure: 'caller' })).data;
}

export async function fetchMyDonations(signal?: AbortSignal) {
  return (await call('myDonationsResponse', '/api/donations/mine', { signal })).data.records;
}

/** A 401/403 is the caller's to word too ('登录已过期', '无权获取成就数据，请重新登录'), where the achievements show. */
export async function fetchAchievements(userId: number, signal?: AbortSignal) {
  return (await call('achievementsResponse', `/api/achievements/user/${userId}`, { signal, onAuthFailure: 'caller' })).data;
}

export async function checkAchievement(input: z.input<typeof achievementCheckBody>) {
  return (await call('achievementCheckResponse', '/api/achievements/check', { method: 'post', json: input, onAuthFailure: 'caller' })).data;
}

export const donationQueries = {
  all: () => ['donation'] as const,
  projects: () =>
    queryOptions({ queryKey: [...donationQueries.all(), 'projects'], queryFn: ({ signal }) => fetchDonationProjects(signal) }),
  feed: (limit = 20) =>
    queryOptions({ queryKey: [...donationQueries.all(), 'feed', limit], queryFn: ({ signal }) => fetchDonorFeed(limit, signal) }),
  mine: () => queryOptions({ queryKey: [...donationQueries.all(), 'mine'], queryFn: ({ signal }) => fetchMyDonations(signal) }),
  achievements: (userId: number) =>
    queryOptions({ queryKey: ['achievement', 'user', userId], queryFn: ({ signal }) => fetchAchievements(userId, signal) }),
};

import { queryOptions } from '@tanstack/react-query';
import { call } from './client.ts';
import { INHERITOR_PAGE_SIZE } from '@feiyi/contract/page-sizes';

/** The list by category. A 401/403 is the caller's to handle (guest alert and sample inheritors). */
export async function fetchInheritorPage(categoryId: number, params: { page?: number; size?: number } = {}, signal?: AbortSignal) {
  const searchParams = { page: params.page ?? 1, size: params.size ?? INHERITOR_PAGE_SIZE };
  return (await call('inheritorPageResponse', `/api/inheritor/category/${categoryId}`, { searchParams, signal, onAuthFailure: 'caller' }))
    .data;
}

export async function fetchInheritorProfiles(signal?: AbortSignal) {
  return (await call('inheritorProfilesResponse', '/api/inheritor/profiles', { signal })).data.inheritors;
}

export async function fetchInheritor(id: number, signal?: AbortSignal) {
  return (await call('inheritorDetailResponse', `/api/inheritor/${id}`, { signal })).data;
}

export async function fetchFollowStatus(id: number, signal?: AbortSignal) {
  return (await call('followStatusResponse', `/api/inheritor/follow/status/${id}`, { signal })).data.isFollowing;
}

export async function followInheritor(id: number) {
  return (await call('followStatusResponse', `/api/inheritor/follow/${id}`, { method: 'post' })).message;
}

export async function unfollowInheritor(id: number) {
  return (await call('followStatusResponse', `/api/inheritor/unfollow/${id}`, { method: 'post' })).message;
}

export async function fetchFollowCount(signal?: AbortSignal) {
  return (await call('followCountResponse', '/api/inheritor/follows/count', { signal })).data;
}

export async function fetchFollowedInheritors(params: { page?: number; size?: number } = {}, signal?: AbortSignal) {
  const searchParams = { page: params.page ?? 1, size: params.size ?? 20 };
  return (await call('followListResponse', '/api/profile/follows/inheritors', { searchParams, signal })).data;
}

export const inheritorQueries = {
  all: () => ['inheritor'] as const,
  category: (categoryId: number, page = 1, size = 10) =>
    queryOptions({
      queryKey: [...inheritorQueries.all(), 'category', categoryId, { page, size }],
      queryFn: ({ signal }) => fetchInheritorPage(categoryId, { page, size }, signal),
    }),
  profiles: () =>
    queryOptions({ queryKey: [...inheritorQueries.all(), 'profiles'], queryFn: ({ signal }) => fetchInheritorProfiles(signal) }),
  detail: (id: number) =>
    queryOptions({ queryKey: [...inheritorQueries.all(), 'detail', id], queryFn: ({ signal }) => fetchInheritor(id, signal) }),
  followStatus: (id: number) =>
    queryOptions({ queryKey: [...inheritorQueries.all(), 'detail', id, 'follow'], queryFn: ({ signal }) => fetchFollowStatus(id, signal) }),
  follows: () => ['inheritor', 'follows'] as const,
  followCount: () =>
    queryOptions({ queryKey: [...inheritorQueries.follows(), 'count'], queryFn: ({ signal }) => fetchFollowCount(signal) }),
  followed: (page = 1, size = 20) =>
    queryOptions({
      queryKey: [...inheritorQueries.follows(), 'list', { page, size }],
      queryFn: ({ signal }) => fetchFollowedInheritors({ page, size }, signal),
    }),
};

/**
 * The list by category as one kind of viewer sees it: a guest gets the public view, a logged-in visitor the bios and
 * skill features too, so the two are cached apart (a login in another tab never shows the guest's copy).
 */
export const inheritorListFor = (categoryId: number, page: number, size: number, viewer: 'guest' | 'user') =>
  queryOptions({
    queryKey: [...inheritorQueries.category(categoryId, page, size).queryKey, viewer],
    queryFn: ({ signal }) => fetchInheritorPage(categoryId, { page, size }, signal),
  });

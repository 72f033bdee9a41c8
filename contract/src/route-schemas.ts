/**
 * The schemas of each call in the route table (routes.ts), by the same names: what an API route takes (params,
 * querystring, headers, body) and answers by status, and what a `/portal` call takes and answers in `data`. The
 * adapter registers each route with its entry here; its CMS client sends and reads each `/portal` call with its
 * entry. A name missing on either side, or one too many, fails the typecheck.
 */
import { z } from 'zod';
import { loginBody, loginResponse, registerBody, registerResponse, userInfoQuery, userInfoResponse } from './auth.ts';
import {
  collectionChangeResponse,
  collectionCheckResponse,
  collectionListQuery,
  collectionListResponse,
  collectionTargetQuery,
} from './collection.ts';
import { envelope, ERROR_CODES, errorBody, errorResponses, messageOnly, privateErrorResponses } from './common.ts';
import {
  heritageIdParam,
  heritageListResponse,
  heritageResponse,
  homeResponse,
  newsIdParam,
  newsListResponse,
  newsResponse,
} from './content.ts';
import {
  categoriesResponse,
  cultureDetailResponse,
  cultureIdParam,
  culturePageQuery,
  culturePageResponse,
  cultureSearchQuery,
  cultureSearchResponse,
  hotLatestQuery,
  hotLatestResponse,
} from './culture.ts';
import {
  achievementCheckBody,
  achievementCheckResponse,
  achievementsResponse,
  achievementsUserParam,
  donateBody,
  donateResponse,
  donationProjectsResponse,
  donorFeedQuery,
  donorFeedResponse,
  myDonationsResponse,
} from './donation.ts';
import { UNREADY_REASONS } from './health.ts';
import { browseBatchBody, browseListQuery, browseListResponse, browseRecordBody, browseRecordResponse } from './history.ts';
import {
  followCountResponse,
  followListQuery,
  followListResponse,
  followStatusResponse,
  inheritorCategoryParam,
  inheritorDetailResponse,
  inheritorIdParam,
  inheritorPageQuery,
  inheritorPageResponse,
  inheritorProfilesResponse,
} from './inheritor.ts';
import { cmsEventBody, siteReadsBody } from './internal.ts';
import {
  nationalEntriesQuery,
  nationalEntriesResponse,
  nationalFiguresResponse,
  nationalItemParam,
  nationalItemResponse,
} from './national.ts';
import {
  createOrderBody,
  createOrderResponse,
  orderDetailResponse,
  orderIdParam,
  orderListQuery,
  orderListResponse,
  paymentStatusBody,
  payResponse,
  quickOrderBody,
  quickOrderResponse,
} from './order.ts';
import { policyListResponse, timelineResponse } from './policy.ts';
import {
  portalAchievements,
  portalBookingCreated,
  portalBookings,
  portalBrowseBatch,
  portalBrowsePage,
  portalBrowseSaved,
  portalContentVersion,
  portalDonated,
  portalDonations,
  portalDonorFeed,
  portalFavouriteAdded,
  portalFavouriteCheck,
  portalFavouritePage,
  portalFavouriteRemoved,
  portalFavouriteTarget,
  portalFollowCount,
  portalFollows,
  portalFollowStatus,
  portalNewBooking,
  portalNewDonation,
  portalOrder,
  portalOrderBatch,
  portalOrderPage,
  portalOrdersPlaced,
  portalPayment,
  portalPidsQuery,
  portalPreview,
  portalProfile,
  portalProfileChanges,
  portalStats,
  portalViewBatch,
  portalViewsCounted,
  seatLevels,
  stockLevels,
} from './portal.ts';
import { productDetailResponse, productIdParam, productPageQuery, productPageResponse } from './product.ts';
import { addressBody, avatarBody, backgroundBody, profileUserResponse, statsResponse, uploadResponse, usernameBody } from './profile.ts';
import {
  provinceCodeParam,
  provinceCulturesQuery,
  provinceCulturesResponse,
  provinceIdParam,
  provinceListResponse,
  provinceResponse,
  provinceTypesResponse,
} from './province.ts';
import type { ApiRouteName, PortalRouteName } from './routes.ts';
import { siteBuildStatus } from './site-build.ts';
import { bookingBody, bookingListResponse, bookingResponse, workshopIdParam, workshopsResponse } from './workshop.ts';

/** What an API route takes and answers (Fastify's schema fields); its words for the document stay with its handler. */
export interface ApiSchemas {
  params?: z.ZodType;
  querystring?: z.ZodType;
  headers?: z.ZodType;
  body?: z.ZodType;
  response?: Record<number, z.ZodType>;
}

const answer = <S extends z.ZodType>(schema: S) => ({ 200: schema, ...errorResponses });
const privateAnswer = <S extends z.ZodType>(schema: S) => ({ 200: schema, ...privateErrorResponses });
/** Uploads: a file too large or of the wrong type is refused with the error body too. */
const uploadAnswer = { 200: uploadResponse, 413: privateErrorResponses[400], 415: privateErrorResponses[400], ...privateErrorResponses };

const health = envelope(z.object({ status: z.literal('ok'), cms: z.enum(['up', 'down']) }));
const readiness = z.object({ ready: z.boolean(), reasons: z.array(z.enum(UNREADY_REASONS)) });
const unready = z.object({ code: z.literal(ERROR_CODES.unavailable), message: z.string(), data: readiness });

const webhookSecret = z.object({ 'x-webhook-secret': z.string().optional() });
const counts = z.object({ content: z.number().int(), shop: z.number().int() });
const cacheStats = z.object({
  loads: counts,
  updates: counts,
  followedAnnouncements: z.object({
    published: z.number().int().nonnegative(),
    stock: z.number().int().nonnegative(),
    view: z.number().int().nonnegative(),
    donation: z.number().int().nonnegative(),
  }),
  views: z.object({ pending: z.number().int().nonnegative(), saved: z.number().int(), dropped: z.number().int() }),
});

export const API_SCHEMAS = {
  'user.login': { body: loginBody, response: privateAnswer(loginResponse) },
  'user.register': { body: registerBody, response: privateAnswer(registerResponse) },
  'user.logout': { response: { 200: messageOnly } },
  'user.info': { querystring: userInfoQuery, response: privateAnswer(userInfoResponse) },
  'user.username': { body: usernameBody, response: privateAnswer(profileUserResponse) },
  'user.address': { body: addressBody, response: privateAnswer(profileUserResponse) },
  'user.avatar': { body: avatarBody, response: privateAnswer(profileUserResponse) },
  'user.background': { body: backgroundBody, response: privateAnswer(profileUserResponse) },
  'profile.stats': { response: privateAnswer(statsResponse) },
  'upload.avatar': { response: uploadAnswer },
  'upload.profileImage': { response: uploadAnswer },

  'culture.page': { querystring: culturePageQuery, response: answer(culturePageResponse) },
  'culture.search': { querystring: cultureSearchQuery, response: answer(cultureSearchResponse) },
  'culture.hot': { querystring: hotLatestQuery, response: answer(hotLatestResponse) },
  'culture.latest': { querystring: hotLatestQuery, response: answer(hotLatestResponse) },
  'culture.detail': { params: cultureIdParam, response: answer(cultureDetailResponse) },
  'culture.categories': { response: answer(categoriesResponse) },

  'province.list': { response: answer(provinceListResponse) },
  'province.byCode': { params: provinceCodeParam, response: answer(provinceResponse) },
  'province.detail': { params: provinceIdParam, response: answer(provinceResponse) },
  'province.types': { params: provinceIdParam, response: answer(provinceTypesResponse) },
  'province.cultures': { params: provinceIdParam, querystring: provinceCulturesQuery, response: answer(provinceCulturesResponse) },

  'product.page': { querystring: productPageQuery, response: answer(productPageResponse) },
  'product.detail': { params: productIdParam, response: answer(productDetailResponse) },
  'order.create': { body: createOrderBody, response: privateAnswer(createOrderResponse) },
  'order.quick': { body: quickOrderBody, response: privateAnswer(quickOrderResponse) },
  'order.mockPay': { params: orderIdParam, response: privateAnswer(payResponse) },
  'order.paymentMock': { params: orderIdParam, response: privateAnswer(payResponse) },
  'order.paymentStatus': { params: orderIdParam, body: paymentStatusBody, response: privateAnswer(payResponse) },
  'order.list': { querystring: orderListQuery, response: privateAnswer(orderListResponse) },
  'order.detail': { params: orderIdParam, response: privateAnswer(orderDetailResponse) },

  'collection.check': { querystring: collectionTargetQuery, response: privateAnswer(collectionCheckResponse) },
  'collection.add': { querystring: collectionTargetQuery, response: privateAnswer(collectionChangeResponse) },
  'collection.remove': { querystring: collectionTargetQuery, response: privateAnswer(collectionChangeResponse) },
  'collection.list': { querystring: collectionListQuery, response: privateAnswer(collectionListResponse) },
  'history.record': { body: browseRecordBody, response: privateAnswer(browseRecordResponse) },
  'history.batch': { body: browseBatchBody, response: privateAnswer(browseRecordResponse) },
  'history.list': { querystring: browseListQuery, response: privateAnswer(browseListResponse) },

  'inheritor.byCategory': {
    params: inheritorCategoryParam,
    querystring: inheritorPageQuery,
    response: answer(inheritorPageResponse),
  },
  'inheritor.profiles': { response: answer(inheritorProfilesResponse) },
  'inheritor.detail': { params: inheritorIdParam, response: answer(inheritorDetailResponse) },
  /** An SVG image, not JSON: no answer schema, left out of the document. */
  'inheritor.seal': { params: inheritorIdParam },
  'follow.status': { params: inheritorIdParam, response: privateAnswer(followStatusResponse) },
  'follow.follow': { params: inheritorIdParam, response: privateAnswer(followStatusResponse) },
  'follow.unfollow': { params: inheritorIdParam, response: privateAnswer(followStatusResponse) },
  'follow.count': { response: privateAnswer(followCountResponse) },
  'follow.list': { querystring: followListQuery, response: privateAnswer(followListResponse) },

  'national.entries': { querystring: nationalEntriesQuery, response: answer(nationalEntriesResponse) },
  'national.item': { params: nationalItemParam, response: answer(nationalItemResponse) },
  'national.figures': { response: answer(nationalFiguresResponse) },

  'policy.list': { response: answer(policyListResponse) },
  'policy.timeline': { response: answer(timelineResponse) },

  'donation.projects': { response: answer(donationProjectsResponse) },
  'donation.feed': { querystring: donorFeedQuery, response: answer(donorFeedResponse) },
  'donation.donate': { body: donateBody, response: privateAnswer(donateResponse) },
  'donation.mine': { response: privateAnswer(myDonationsResponse) },
  'achievement.list': { params: achievementsUserParam, response: privateAnswer(achievementsResponse) },
  'achievement.check': { body: achievementCheckBody, response: privateAnswer(achievementCheckResponse) },

  'workshop.list': { response: answer(workshopsResponse) },
  'workshop.book': { params: workshopIdParam, body: bookingBody, response: privateAnswer(bookingResponse) },
  'workshop.bookings': { response: privateAnswer(bookingListResponse) },

  'page.home': { response: answer(homeResponse) },
  'page.heritageList': { response: answer(heritageListResponse) },
  'page.heritage': { params: heritageIdParam, response: answer(heritageResponse) },
  'page.newsList': { response: answer(newsListResponse) },
  'page.news': { params: newsIdParam, response: answer(newsResponse) },

  'health.live': { response: { 200: health } },
  'health.ready': { response: { 200: envelope(readiness), 503: unready } },

  'internal.cacheStats': { headers: webhookSecret, response: { 200: envelope(cacheStats), 401: errorBody } },
  'internal.siteReads': {
    headers: webhookSecret,
    body: siteReadsBody,
    response: { 200: envelope(z.object({ hashes: z.record(z.string(), z.string()) })), 401: errorBody },
  },
  'internal.cmsEvents': { headers: webhookSecret, body: cmsEventBody, response: { 200: envelope(z.null()), 401: errorBody } },
  'internal.siteBuild': { headers: webhookSecret, response: { 200: envelope(siteBuildStatus), 401: errorBody } },
  'internal.siteBuildReport': { headers: webhookSecret, body: siteBuildStatus, response: { 200: envelope(z.null()), 401: errorBody } },
} as const satisfies { [N in ApiRouteName]: ApiSchemas };

/**
 * What a `/portal` call takes (`query` for GET and DELETE, `body` for POST and PUT) and answers in `data`. A call whose
 * query the CMS reads field by field (paging, ids) has no query schema: any flat query goes.
 */
export interface PortalSchemas {
  query?: z.ZodType;
  body?: z.ZodType;
  answer: z.ZodType;
}

export const PORTAL_SCHEMAS = {
  'me.read': { answer: portalProfile },
  'me.update': { body: portalProfileChanges, answer: portalProfile },
  'me.stats': { answer: portalStats },
  'favourites.check': { query: portalFavouriteTarget, answer: portalFavouriteCheck },
  'favourites.list': { answer: portalFavouritePage },
  'favourites.add': { body: portalFavouriteTarget, answer: portalFavouriteAdded },
  'favourites.remove': { query: portalFavouriteTarget, answer: portalFavouriteRemoved },
  'bookings.create': { body: portalNewBooking, answer: portalBookingCreated },
  'bookings.list': { answer: portalBookings },
  'follows.list': { answer: portalFollows },
  'follows.count': { answer: portalFollowCount },
  'follows.status': { answer: portalFollowStatus },
  'follows.follow': { answer: portalFollowStatus },
  'follows.unfollow': { answer: portalFollowStatus },
  'orders.place': { body: portalOrderBatch, answer: portalOrdersPlaced },
  'orders.list': { answer: portalOrderPage },
  'orders.find': { answer: portalOrder },
  'orders.pay': { body: portalPayment, answer: portalOrder },
  'donations.donate': { body: portalNewDonation, answer: portalDonated },
  'donations.list': { answer: portalDonations },
  'donations.feed': { answer: portalDonorFeed },
  'achievements.list': { answer: portalAchievements },
  'browse.record': { body: portalBrowseBatch, answer: portalBrowseSaved },
  'browse.list': { answer: portalBrowsePage },
  'content.version': { answer: portalContentVersion },
  'products.stock': { query: portalPidsQuery, answer: stockLevels },
  'workshops.seats': { query: portalPidsQuery, answer: seatLevels },
  'cultures.views': { body: portalViewBatch, answer: portalViewsCounted },
  /** Read as a single type (the adapter's content store parses the document with its own schema). */
  'national.list': { answer: z.unknown() },
  'preview.document': { answer: portalPreview },
} as const satisfies { [N in PortalRouteName]: PortalSchemas };

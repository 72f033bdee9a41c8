/**
 * The CMS's private API for the adapter (`/api/portal/…`): what each call takes and what it answers in `data`. The CMS
 * parses every request and builds its answers with these schemas, the adapter types its requests and parses every
 * answer with them, so the two cannot drift apart unnoticed. The requests reuse the public API's rules (the same
 * fields, limits and Chinese messages): the CMS checks again what the adapter has checked, for anyone else calling it.
 * Media paths here are the CMS's own (relative); the adapter makes them absolute for the public API.
 * Not part of the public API: no OpenAPI ids.
 */
import { z } from 'zod';
import { address } from './auth.ts';
import { pageOf, positiveId, positiveInt } from './common.ts';
import { favouriteItem, favouriteType } from './collection.ts';
import { achievement, donation, donationAmount, donorFeedResponse } from './donation.ts';
import { browseRecord, browseRecords } from './history.ts';
import { order, orderLine, orderLines, orderQuantity, shippingAddress, shippingName, shippingPhone } from './order.ts';
import { addressBody, usernameBody } from './profile.ts';
import { isStoredUploadShape } from './upload-address.ts';
import { booking, participants } from './workshop.ts';

/** The visitor's Idempotency-Key, passed on by the adapter: a retry with the same key gets the first answer. */
const idempotencyKey = z.string().min(1).max(100).optional();

/** One order of POST portal/orders: the lines and (for a cart order) the receiver; prices are the catalogue's, never sent. */
export const portalNewOrder = z.object({
  items: orderLines(z.object({ productId: positiveId('商品编号'), quantity: orderQuantity })),
  shipping: z.object({ name: shippingName, phone: shippingPhone, address: shippingAddress }).optional(),
  kind: z.enum(['cart', 'quick']).default('cart'),
  idempotencyKey,
});
export type PortalNewOrder = z.input<typeof portalNewOrder>;

/** POST portal/orders/{ref}/pay. */
export const portalPayment = z.object({ paymentMethod: z.enum(['alipay', 'wechat', 'mock']).default('mock') });
export type PortalPayment = z.input<typeof portalPayment>;

/** POST portal/bookings. */
export const portalNewBooking = z.object({ workshopId: positiveId('活动编号'), participants, idempotencyKey });
export type PortalNewBooking = z.input<typeof portalNewBooking>;

/** POST portal/donations: the project's name is the content's, never sent. */
export const portalNewDonation = z.object({ projectId: positiveId('projectId'), amount: donationAmount, idempotencyKey });
export type PortalNewDonation = z.input<typeof portalNewDonation>;

/** POST portal/browse-records: one batch of the visitor's records. */
export const portalBrowseBatch = z.object({ records: browseRecords });
export type PortalBrowseBatch = z.input<typeof portalBrowseBatch>;

/** Favourites' target, in the query (check, remove) or the body (add). */
export const portalFavouriteTarget = z.object({ type: favouriteType, targetId: positiveId('targetId') });
export type PortalFavouriteTarget = z.input<typeof portalFavouriteTarget>;

/**
 * An image the CMS stores for the visitor: a path of its own uploads, an address under the upload store's public
 * address (upload-address.ts; the CMS checks that it is its own S3_PUBLIC_URL), or none.
 */
const uploadPath = z.string().max(500).refine(isStoredUploadShape, { error: '图片地址无效' });

/** PUT portal/me: any of the profile's editable fields. */
export const portalProfileChanges = z
  .object({ username: usernameBody.shape.username, avatar: uploadPath, backgroundImage: uploadPath, address: addressBody })
  .partial();
export type PortalProfileChanges = z.input<typeof portalProfileChanges>;

/** GET/PUT portal/me. */
export const portalProfile = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  avatar: z.string(),
  backgroundImage: z.string(),
  address: address.nullable(),
});
export type PortalProfile = z.infer<typeof portalProfile>;

/**
 * An order as the CMS presents it (cms/src/api/order/services/order.ts presentOrder): the public order's fields less
 * the ones the adapter derives (orderNumber, statusText), its lines under `items`, and how it was placed.
 */
export const portalOrder = order
  .omit({ orderNumber: true, statusText: true, orderItems: true })
  .extend({ kind: z.string().optional(), items: z.array(orderLine) });
export type PortalOrder = z.infer<typeof portalOrder>;

/**
 * The CMS's fingerprints of public content (GET portal/content-version; cms/src/portal/content-fingerprint.ts): editorial
 * content and the media it uses; products and workshops as editors publish them; stock and seats taken, which move with
 * purchases.
 */
export const portalContentVersion = z.object({
  content: z.string(),
  shop: z.string(),
  stock: z.string(),
  /** When an editor last worked on public content in the admin (ISO time; null: not since the CMS started). */
  editorActiveAt: z.iso.datetime().nullable(),
});
export type PortalContentVersion = z.infer<typeof portalContentVersion>;

/** GET portal/products/stock and portal/workshops/seats: an optional comma-separated list of pids (all published when absent). */
export const portalPidsQuery = z.object({
  pids: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .transform((value) => value.split(',').map(Number))
    .optional(),
});

/** Stock of some products after a sale, or when it moved elsewhere (GET portal/products/stock). */
export const stockLevels = z.array(z.object({ productId: z.number().int(), stock: z.number().int() }));
export type StockLevel = z.infer<typeof stockLevels>[number];
/** Seats taken of some workshops (GET portal/workshops/seats). */
export const seatLevels = z.array(z.object({ workshopId: z.number().int(), seatsBooked: z.number().int() }));
export type SeatLevel = z.infer<typeof seatLevels>[number];

/**
 * POST portal/orders (server token): the orders one adapter instance has queued, sent together so that a crowd of buyers
 * costs the CMS one request and one transaction per batch instead of one per order. Each order carries its visitor's own
 * token, which the CMS verifies (users-permissions' JWT, the user not blocked, the role allowed to order): identity comes
 * from the tokens, never from the adapter. Each order is parsed on its own, so one malformed order fails alone.
 */
export const ORDER_BATCH_MAX = 100;
export const portalOrderBatch = z.object({
  orders: z
    .array(z.object({ token: z.string().min(1).max(4096), order: z.unknown() }))
    .min(1)
    .max(ORDER_BATCH_MAX),
});
export type PortalOrderBatch = { orders: Array<{ token: string; order: PortalNewOrder }> };

/** One order's outcome in a batch: the order (replayed: an earlier request with its Idempotency-Key made it), or a refusal. */
export const portalOrderOutcome = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), order: portalOrder, replayed: z.boolean() }),
  z.object({ ok: z.literal(false), status: z.number().int().min(400).max(499), message: z.string() }),
]);
export type PortalOrderOutcome = z.infer<typeof portalOrderOutcome>;
/** The outcomes in the batch's order, and the stock of its products after it. */
export const portalOrdersPlaced = z.object({ outcomes: z.array(portalOrderOutcome), stock: stockLevels });
/** GET portal/orders. */
export const portalOrderPage = pageOf(portalOrder);

/** POST portal/bookings: the booking and the seats now taken. GET portal/bookings: the visitor's bookings. */
export const portalBookingCreated = z.object({ booking, seats: seatLevels.optional() });
export const portalBookings = z.array(booking);

/** GET portal/favourites/check; GET portal/favourites. */
export const portalFavouriteCheck = z.boolean();
export const portalFavouritePage = pageOf(favouriteItem);

/** POST portal/browse-records; GET portal/browse-records. */
export const portalBrowseSaved = z.object({ status: z.literal('success'), saved: z.number().int() });
export const portalBrowsePage = pageOf(browseRecord);

/** GET/POST/DELETE portal/follows/{id}; GET portal/follows/count; GET portal/follows. */
export const portalFollowStatus = z.object({ isFollowing: z.boolean() });
export const portalFollowCount = z.number().int();
export const portalFollows = z.array(
  z.object({
    id: z.number().int(),
    inheritorName: z.string(),
    skillType: z.string(),
    categoryName: z.string(),
    profileImages: z.array(z.string()),
  }),
);

/** GET portal/donations/feed; POST portal/donations; GET portal/donations; GET portal/achievements. */
export const portalDonorFeed = donorFeedResponse.shape.data.shape.records;
export type PortalDonorFeed = z.infer<typeof portalDonorFeed>;
export const portalDonated = z.object({ donation, achievements: z.array(achievement) });
export const portalDonations = z.array(donation);
export const portalAchievements = z.array(achievement);

/** POST/DELETE portal/favourites: whether a row was added or removed (the public answer says collected either way). */
export const portalFavouriteAdded = z.object({ id: z.number().int(), created: z.boolean() });
export const portalFavouriteRemoved = z.object({ removed: z.boolean() });

/** GET portal/me/stats. */
export const portalStats = z.object({
  follows: z.number().int(),
  favourites: z.number().int(),
  bookings: z.number().int(),
  orders: z.number().int(),
  donations: z.number().int(),
});

/** GET portal/preview/{kind}/{documentId}: a draft or published document, mapped by the adapter's preview mappers. */
export const portalPreview = z.object({ document: z.unknown(), published: z.boolean() });
export type PortalPreview = z.infer<typeof portalPreview>;

/**
 * Most culture items one batch of views names: an adapter instance saves its pending views early once this many items
 * have some, and keeps no more items than this while the CMS is away.
 */
export const VIEW_BATCH_MAX_ITEMS = 1_000;
/** Most views of one item a batch carries: far above a second's views of any item, bounded all the same. */
export const VIEW_BATCH_MAX_COUNT = 1_000_000;
/** Views of culture items an adapter instance counted since its last flush, per item (`cultureId` is the public id). */
export const cultureViews = z
  .array(z.object({ cultureId: positiveId('cultureId'), count: positiveInt('count', VIEW_BATCH_MAX_COUNT) }))
  .min(1, { error: '没有要计入的浏览' })
  .max(VIEW_BATCH_MAX_ITEMS, { error: `一次最多计入 ${VIEW_BATCH_MAX_ITEMS} 个条目的浏览` });
export type CultureViews = z.infer<typeof cultureViews>;
/** POST portal/cultures/views: one batch, applied by the CMS all or nothing. */
export const portalViewBatch = z.object({ views: cultureViews });
export type PortalViewBatch = z.input<typeof portalViewBatch>;
/** POST portal/cultures/views: how many of the batch's views went to published items (an item gone since counts none). */
export const portalViewsCounted = z.object({ counted: z.number().int().nonnegative() });

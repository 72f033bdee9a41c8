/**
 * The CMS's private API for the adapter (`/api/portal/…`): what each call answers in `data`. The CMS builds its
 * answers to these types and the adapter parses every answer with them, so the two cannot drift apart unnoticed.
 * Media paths here are the CMS's own (relative); the adapter makes them absolute for the public API.
 * Not part of the public API: no OpenAPI ids.
 */
import { z } from 'zod';
import { address } from './auth.ts';
import { pageOf } from './common.ts';
import { favouriteItem } from './collection.ts';
import { achievement, donation, donorFeedResponse } from './donation.ts';
import { browseRecord } from './history.ts';
import { booking } from './workshop.ts';

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

/** An order as the CMS presents it (cms/src/api/order/services/order.ts presentOrder). */
export const portalOrder = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  status: z.number().int(),
  kind: z.string().optional(),
  totalAmount: z.number(),
  payAmount: z.number(),
  shippingName: z.string(),
  shippingPhone: z.string(),
  shippingAddress: z.string(),
  paymentMethod: z.string().nullable(),
  expiresAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  items: z.array(
    z.object({
      id: z.number().int(),
      productId: z.number().int(),
      productName: z.string(),
      productImage: z.string(),
      price: z.number(),
      quantity: z.number().int(),
      totalAmount: z.number(),
    }),
  ),
});
export type PortalOrder = z.infer<typeof portalOrder>;

/** Stock of some products after a sale, or when it moved elsewhere (GET portal/products/stock). */
export const stockLevels = z.array(z.object({ productId: z.number().int(), stock: z.number().int() }));
export type StockLevel = z.infer<typeof stockLevels>[number];
/** Seats taken of some workshops (GET portal/workshops/seats). */
export const seatLevels = z.array(z.object({ workshopId: z.number().int(), seatsBooked: z.number().int() }));
export type SeatLevel = z.infer<typeof seatLevels>[number];

/** POST portal/orders. */
export const portalOrderCreated = z.object({ order: portalOrder, stock: stockLevels.optional() });
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

/** POST portal/cultures/{pid}/views: the view was counted. */
export const portalViewCounted = z.object({ ok: z.literal(true) });

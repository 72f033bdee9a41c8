import type { Core } from '@strapi/strapi';
import { storedUploadUrl } from '@feiyi/contract/upload-address';
import { badRequest, conflict, notFound } from '../../../portal/http';

const USER = 'plugin::users-permissions.user';

export interface ProfileChanges {
  username?: string;
  avatar?: string;
  backgroundImage?: string;
  address?: { province: string; city: string; district: string; detail: string };
}

/**
 * A visitor's image is one of this CMS's uploads: under /uploads/, or under the upload store's public address when
 * that is a CDN or the bucket's host (S3_PUBLIC_URL, cms/src/media/upload-store.ts). The adapter checks the same; this
 * holds a visitor who reaches the CMS with their own token to it too.
 */
function ownUpload(url: string): string {
  if (storedUploadUrl(url, { uploadBase: process.env.S3_PUBLIC_URL }) !== url) throw badRequest('图片地址无效');
  return url;
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async me(userId: number) {
    const user = await strapi.db.query(USER).findOne({ where: { id: userId }, populate: { address: true } });
    if (!user) throw notFound('用户不存在');
    return {
      id: user.id as number,
      username: user.username as string,
      email: user.email as string,
      avatar: (user.avatar as string | null) ?? '',
      backgroundImage: (user.backgroundImage as string | null) ?? '',
      address: user.address
        ? {
            province: user.address.province ?? '',
            city: user.address.city ?? '',
            district: user.address.district ?? '',
            detail: user.address.detail ?? '',
          }
        : null,
      createdAt: user.createdAt as string,
    };
  },

  async update(userId: number, changes: ProfileChanges) {
    const data: Record<string, unknown> = {};
    if (changes.username !== undefined) {
      const taken = await strapi.db.query(USER).findOne({ where: { username: changes.username, id: { $ne: userId } }, select: ['id'] });
      if (taken) throw conflict('用户名已被占用');
      data.username = changes.username;
    }
    if (changes.avatar !== undefined) data.avatar = ownUpload(changes.avatar);
    if (changes.backgroundImage !== undefined) data.backgroundImage = ownUpload(changes.backgroundImage);
    if (changes.address !== undefined) data.address = changes.address;
    if (Object.keys(data).length > 0) {
      const current = await strapi.db.query(USER).findOne({ where: { id: userId }, select: ['documentId'] });
      if (!current) throw notFound('用户不存在');
      await strapi.documents(USER).update({ documentId: current.documentId, data: data });
    }
    return this.me(userId);
  },

  async stats(userId: number) {
    const [follows, favourites, bookings, orders, donations] = await Promise.all([
      strapi.service('api::follow.follow').count(userId),
      strapi.service('api::favourite.favourite').count(userId),
      strapi.service('api::booking.booking').count(userId),
      strapi.db.query('api::order.order').count({ where: { user: { id: userId } } }),
      strapi.db.query('api::donation.donation').count({ where: { user: { id: userId } } }),
    ]);
    return { follows, favourites, bookings, orders, donations };
  },
});

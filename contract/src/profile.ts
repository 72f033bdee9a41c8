import { z } from 'zod';
import { portalUser, usernameRule } from './auth.ts';
import * as MESSAGES from './messages.ts';
import { envelope } from './common.ts';

export const usernameBody = z.object({ username: usernameRule(MESSAGES.profile.usernameBlank) });
export const addressBody = z.object({
  province: z.string({ error: '请填写完整的省市区和详细地址' }).trim().min(1, { error: '请填写完整的省市区和详细地址' }).max(30),
  city: z.string().trim().max(30).default(''),
  district: z.string().trim().max(30).default(''),
  detail: z.string({ error: '请填写完整的省市区和详细地址' }).trim().min(1, { error: '请填写完整的省市区和详细地址' }).max(200),
});
export const avatarBody = z.object({ avatar: z.string({ error: '请选择图片' }).max(500) });
export const backgroundBody = z.object({ backgroundImage: z.string({ error: '请选择图片' }).max(500) });
export const profileUserResponse = envelope(z.object({ user: portalUser }));
export const statsResponse = envelope(
  z.object({
    follows: z.number().int(),
    favourites: z.number().int(),
    bookings: z.number().int(),
    orders: z.number().int(),
    donations: z.number().int(),
  }),
);
export const uploadResponse = envelope(z.string().describe('图片的绝对地址'));

import { z } from 'zod';
import { envelope } from './common.ts';

/** A username's length, after trimming, wherever one is chosen (registration, the personal centre). */
export const USERNAME_LENGTH = { min: 3, max: 20 } as const;

/** A username as chosen: trimmed, not blank (`blank` says so in the form's words), 3 to 20 characters. */
export const usernameRule = (blank: string) =>
  z
    .string({ error: blank })
    .trim()
    .min(1, { error: blank })
    .min(USERNAME_LENGTH.min, { error: '长度在 3 到 20 个字符' })
    .max(USERNAME_LENGTH.max, { error: '长度在 3 到 20 个字符' });

// The messages for registration and login, worded exactly as the forms and the API show them.
export const username = usernameRule('请输入用户名');
export const password = z
  .string({ error: '请输入密码' })
  .min(1, { error: '请输入密码' })
  .min(6, { error: '密码长度不能少于6位' })
  .max(72, { error: '密码长度不能超过72位' });

export const address = z
  .object({
    province: z.string(),
    city: z.string(),
    district: z.string(),
    detail: z.string(),
  })
  .meta({ id: 'Address' });

export const portalUser = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    avatar: z.string().describe('头像绝对地址；没有时为空串（界面用默认头像）'),
    backgroundImage: z.string(),
    address: address.nullable(),
  })
  .meta({ id: 'User' });
export type PortalUser = z.infer<typeof portalUser>;

export const loginBody = z.object({ username, password });
export const loginResponse = envelope(z.object({ user: portalUser, token: z.string() }));

export const registerBody = z.object({
  username,
  password,
  email: z
    .string({ error: '请输入邮箱' })
    .trim()
    .min(1, { error: '请输入邮箱' })
    .pipe(z.email({ error: '请输入正确的邮箱地址' })),
  avatar: z.string().max(500).optional().nullable().describe('先用 /api/upload/avatar 上传得到的地址'),
});
export const registerResponse = envelope(z.object({ id: z.number().int(), username: z.string() }));

export const userInfoQuery = z.object({ token: z.string().optional() });
export const userInfoResponse = envelope(z.object({ user: portalUser }));

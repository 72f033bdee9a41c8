import type { Core } from '@strapi/strapi';
import * as MESSAGES from '@feiyi/contract/messages';
import { PortalError } from './http';

const USER = 'plugin::users-permissions.user';
const PERMISSION = 'plugin::users-permissions.permission';

interface TokenPayload {
  id?: unknown;
}

/**
 * The visitors behind several users-permissions tokens at once, checked as the plugin checks one request's token
 * (its JWT service verifies it; the user exists, is not blocked, is confirmed when the shop asks for confirmation; the
 * user's role may perform `action`), in one query for the users and one per role. For the adapter's batched calls, where
 * one request carries many visitors' tokens. Each answer is the user's id or the refusal for that token alone.
 */
export async function visitorsOf(strapi: Core.Strapi, tokens: readonly string[], action: string): Promise<Array<number | PortalError>> {
  const jwt = strapi.plugin('users-permissions').service('jwt') as { verify(token: string): Promise<TokenPayload> };
  const expired = () => new PortalError(401, MESSAGES.api.sessionExpired);
  const ids = await Promise.all(
    tokens.map(async (token) => {
      try {
        const id = Number((await jwt.verify(token)).id);
        return Number.isInteger(id) && id > 0 ? id : undefined;
      } catch {
        return undefined;
      }
    }),
  );
  const wanted = [...new Set(ids.filter((id): id is number => id !== undefined))];
  const users = wanted.length
    ? ((await strapi.db.query(USER).findMany({
        where: { id: { $in: wanted } },
        select: ['id', 'blocked', 'confirmed'],
        populate: { role: { select: ['id'] } },
      })) as Array<{ id: number; blocked: boolean | null; confirmed: boolean | null; role: { id: number } | null }>)
    : [];
  const advanced = (await strapi.store({ type: 'plugin', name: 'users-permissions' }).get({ key: 'advanced' })) as {
    email_confirmation?: boolean;
  } | null;
  const roles = [...new Set(users.map((user) => user.role?.id).filter((id): id is number => id !== undefined))];
  const allowedRoles = new Set<number>();
  for (const role of roles) {
    if ((await strapi.db.query(PERMISSION).count({ where: { action, role: { id: role } } })) > 0) allowedRoles.add(role);
  }
  const byId = new Map(users.map((user) => [user.id, user]));
  return ids.map((id) => {
    const user = id === undefined ? undefined : byId.get(id);
    if (!user || user.blocked || (advanced?.email_confirmation && !user.confirmed)) return expired();
    if (!user.role || !allowedRoles.has(user.role.id)) return new PortalError(403, MESSAGES.api.forbidden);
    return user.id;
  });
}

import type { Core } from '@strapi/strapi';

interface AdminUserService {
  exists(attributes: { email: string }): Promise<boolean>;
  create(attributes: Record<string, unknown>): Promise<unknown>;
  resetPasswordByEmail(email: string, password: string): Promise<void>;
}

interface AccountOptions {
  email?: string | undefined;
  password?: string | undefined;
  /** Only when ./portal has just generated the secrets file: the printed password must work. */
  resetPassword: boolean;
}

/** An admin account holding one role, created once; its password is reset only when ./portal has just generated it. */
async function ensureAccount(
  strapi: Core.Strapi,
  options: AccountOptions & { firstname: string; lastname: string; role: () => Promise<{ id: number }> },
) {
  const { email, password } = options;
  if (!email || !password) return;
  const users = strapi.service('admin::user') as unknown as AdminUserService;
  if (await users.exists({ email })) {
    if (options.resetPassword) await users.resetPasswordByEmail(email, password);
    return;
  }
  const role = await options.role();
  await users.create({
    email,
    firstname: options.firstname,
    lastname: options.lastname,
    password,
    isActive: true,
    preferedLanguage: 'zh-Hans',
    registrationToken: null,
    roles: [role.id],
  });
}

/** The editors' first account, so a fresh portal's admin can be logged into at once. */
export async function ensureAdmin(strapi: Core.Strapi, options: AccountOptions) {
  await ensureAccount(strapi, {
    ...options,
    firstname: '内容',
    lastname: '编辑',
    role: async () => {
      const roles = strapi.service('admin::role') as unknown as { getSuperAdmin(): Promise<{ id: number } | null> };
      const superAdmin = await roles.getSuperAdmin();
      if (!superAdmin) throw new Error('super admin role is missing');
      return superAdmin;
    },
  });
}

/** A demo staff account holding one of the portal's roles (内容编辑, 运营). */
export async function ensureStaffAccount(
  strapi: Core.Strapi,
  options: AccountOptions & { roleCode: string; firstname: string; lastname: string },
) {
  await ensureAccount(strapi, {
    ...options,
    role: async () => {
      const roles = strapi.service('admin::role') as unknown as { findOne(params: { code: string }): Promise<{ id: number } | null> };
      const role = await roles.findOne({ code: options.roleCode });
      if (!role) throw new Error(`admin role ${options.roleCode} is missing`);
      return role;
    },
  });
}

/** A visitor account for trying the portal (printed by ./portal start). */
export async function ensureDemoUser(strapi: Core.Strapi, options: { username?: string; password?: string }) {
  const { username, password } = options;
  if (!username || !password) return;
  const existing = await strapi.db.query('plugin::users-permissions.user').findOne({ where: { username } });
  if (existing) return;
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
  await strapi
    .plugin('users-permissions')
    .service('user')
    .add({
      username,
      email: `${username}@feiyi.local`,
      password,
      provider: 'local',
      confirmed: true,
      blocked: false,
      role: role?.id,
    });
}

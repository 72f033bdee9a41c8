import type { Core } from '@strapi/strapi';

export const ADAPTER_TOKEN_NAME = 'portal-adapter';

/**
 * The adapter's server token. Its plaintext lives in the git-ignored secrets file; Strapi keeps only
 * the salted hash, so we (re)write the hash each start: regenerated secrets never lock the adapter out.
 */
export async function ensureAdapterToken(strapi: Core.Strapi, plaintext: string | undefined) {
  if (!plaintext) {
    strapi.log.warn('CMS_API_TOKEN is not set: the API adapter cannot read the CMS');
    return;
  }
  const tokens = strapi.service('admin::api-token-content-api') as unknown as {
    getByName(name: string): Promise<{ id: number } | null>;
    create(attributes: Record<string, unknown>): Promise<{ id: number }>;
    hash(accessKey: string): string;
  };
  const encryption = strapi.service('admin::encryption') as unknown as { encrypt(value: string): string };
  const token =
    (await tokens.getByName(ADAPTER_TOKEN_NAME)) ??
    (await tokens.create({
      name: ADAPTER_TOKEN_NAME,
      description: 'API 适配层使用的服务器令牌（由启动脚本管理，请勿删除）',
      type: 'full-access',
      lifespan: null,
    }));
  await strapi.db.query('admin::api-token').update({
    where: { id: token.id },
    data: { accessKey: tokens.hash(plaintext), encryptedKey: encryption.encrypt(plaintext) },
  });
}

/**
 * The admin home's 数据备份 widget asks here (an admin route, the 超级管理员's own session) how the last scheduled
 * backup went. `./portal start` runs the schedule and writes its outcome to a file (BACKUP_STATUS_FILE); this reads it.
 * Only the 超级管理员 may: where the backups go and why one failed is not the editors' or operators' business.
 */
import { readFile } from 'node:fs/promises';
import type { Core } from '@strapi/strapi';
import { backupStatus, type BackupStatusAnswer } from '@feiyi/contract/backup-status';

const SUPER_ADMIN = 'strapi-super-admin';

async function readStatus(file: string | undefined): Promise<BackupStatusAnswer['status']> {
  if (!file) return null;
  try {
    const parsed = backupStatus.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    // No file yet: no scheduled backup has run.
    return null;
  }
}

type Context = { state: { user?: { roles?: { code: string }[] } }; status: number; body: unknown };

export function registerBackupStatusRoute(strapi: Core.Strapi, options: { statusFile?: string | undefined }) {
  strapi.server.routes({
    type: 'admin',
    routes: [
      {
        method: 'GET',
        path: '/feiyi/backup-status',
        handler: async (ctx: Context) => {
          if (!ctx.state.user?.roles?.some((role) => role.code === SUPER_ADMIN)) {
            ctx.status = 403;
            ctx.body = { error: { status: 403, name: 'ForbiddenError', message: '只有超级管理员可以查看数据备份状态' } };
            return;
          }
          const answer: BackupStatusAnswer = { status: await readStatus(options.statusFile) };
          ctx.body = { data: answer };
        },
        config: { policies: ['admin::isAuthenticatedAdmin'] },
        info: { apiName: 'backup-status', type: 'admin' },
      },
    ],
  });
}

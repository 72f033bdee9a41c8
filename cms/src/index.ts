import type { Core } from '@strapi/strapi';
import { importNationalList } from '../seed/national';
import { runSeed } from '../seed/run';
import { ensureAdmin, ensureDemoUser, ensureStaffAccount } from './bootstrap/accounts';
import { CONTENT_EDITOR, ensureAdminRoles, OPERATOR } from './bootstrap/admin-roles';
import { applyAdminLabels } from './bootstrap/admin-labels';
import { ensureAdapterToken } from './bootstrap/api-token';
import { applyUserDataAdmin, registerSuperAdminRestrictions } from './bootstrap/admin-user-data';
import { ensureUniqueIndexes } from './bootstrap/indexes';
import { forwardContentEvents } from './bootstrap/content-events';
import { AUTHENTICATED_ACTIONS, grantRoleActions, nameVisitorRoles, PUBLIC_READ_ACTIONS } from './bootstrap/permissions';
import { registerPidAssignment } from './bootstrap/pid';
import { guardRelationRoutes } from './bootstrap/relations-guard';
import { nameApiUploadFolder } from './bootstrap/upload-folder';
import { registerWebFormats } from './media/web-formats';
import { reportUnavailableStore } from './media/upload-store';
import { registerSiteStatusRoute } from './site-status/route';
import { registerBackupStatusRoute } from './backup-status/route';
import { registerDeskRoutes } from './desk/route';
import { registerDatabaseMetrics, serveMetrics } from './observability/metrics';
import { prefixLogLinesWithRequestId } from './observability/request-id';
import { startTracing, stopTracing } from './observability/tracing';
import { registerAuditTrail } from './audit/trail';
import { registerHistoryRoutes } from './history/route';
import { registerVersionHistory } from './history/versions';
import { registerScheduleRoutes } from './schedule/route';
import { startScheduleRunner } from './schedule/runner';

/** The scheduled publishes' poller of this process (started once the CMS is ready, stopped before it closes). */
let scheduleRunner: { stop(): Promise<void> } | undefined;

export default {
  async register({ strapi }: { strapi: Core.Strapi }) {
    // Traces only when an OTLP endpoint is set (observability/tracing.ts): before the server takes its first request.
    await startTracing();
    prefixLogLinesWithRequestId(strapi);
    registerPidAssignment(strapi);
    reportUnavailableStore(strapi);
    registerSuperAdminRestrictions(strapi);
    guardRelationRoutes(strapi);
    registerAuditTrail(strapi);
    registerVersionHistory(strapi);
    registerHistoryRoutes(strapi);
    registerScheduleRoutes(strapi);
    registerSiteStatusRoute(strapi, {
      webhookUrl: process.env.WEBHOOK_URL,
      secret: process.env.WEBHOOK_SECRET,
      siteUrl: process.env.PREVIEW_SITE_URL,
    });
    registerBackupStatusRoute(strapi, { statusFile: process.env.BACKUP_STATUS_FILE });
    registerDeskRoutes(strapi);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    const env = process.env;
    // Only the adapters and the site builder call the CMS, over kept-alive connections. Node closes an idle one after 5 s
    // and fetch stops reusing it 2 s before the time the server announces: under load a connection idle for those few
    // seconds was reused just as the CMS closed it, and the POST failed as "other side closed" (a 503 for a visitor's
    // donation in the soak bench). A minute's keep-alive makes an idle gap of that length at the edge rare.
    strapi.server.httpServer.keepAliveTimeout = 65_000;
    strapi.server.httpServer.headersTimeout = 66_000;
    if (env.METRICS_PORT) {
      registerDatabaseMetrics(strapi);
      const metrics = await serveMetrics(Number(env.METRICS_PORT));
      strapi.server.httpServer.once('close', () => metrics.close());
    }
    registerWebFormats(strapi);
    await ensureUniqueIndexes(strapi);
    await grantRoleActions(strapi, 'public', PUBLIC_READ_ACTIONS);
    await grantRoleActions(strapi, 'authenticated', AUTHENTICATED_ACTIONS);
    await nameVisitorRoles(strapi);
    await ensureAdapterToken(strapi, env.CMS_API_TOKEN);
    await ensureAdmin(strapi, {
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
      resetPassword: env.PORTAL_RESET_ADMIN_PASSWORD === 'true',
    });
    await ensureDemoUser(strapi, { username: env.DEMO_USERNAME, password: env.DEMO_PASSWORD });
    if (env.SEED !== 'false') {
      await runSeed(strapi);
      await importNationalList(strapi);
    }
    forwardContentEvents(strapi, { url: env.WEBHOOK_URL, secret: env.WEBHOOK_SECRET });
    await applyAdminLabels(strapi);
    await applyUserDataAdmin(strapi);
    await ensureAdminRoles(strapi);
    await nameApiUploadFolder(strapi);
    const resetStaff = (env.PORTAL_RESET_STAFF_PASSWORDS ?? '').split(',');
    await ensureStaffAccount(strapi, {
      email: env.EDITOR_EMAIL,
      password: env.EDITOR_PASSWORD,
      roleCode: CONTENT_EDITOR.code,
      firstname: '演示',
      lastname: '编辑',
      resetPassword: resetStaff.includes('EDITOR_PASSWORD'),
    });
    await ensureStaffAccount(strapi, {
      email: env.OPERATOR_EMAIL,
      password: env.OPERATOR_PASSWORD,
      roleCode: OPERATOR.code,
      firstname: '演示',
      lastname: '运营',
      resetPassword: resetStaff.includes('OPERATOR_PASSWORD'),
    });
    scheduleRunner = startScheduleRunner(strapi);
  },

  // Strapi's graceful stop (SIGTERM). No new scheduled-publish pass starts; one under way finishes before the database
  // closes. Then the last requests' spans go out, a few seconds at most.
  async destroy() {
    await scheduleRunner?.stop();
    scheduleRunner = undefined;
    await Promise.race([stopTracing().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 3_000).unref())]);
  },
};

import { factories, type Core } from '@strapi/strapi';
import { findPublishedByPid } from '../../../portal/catalogue';
import { notFound } from '../../../portal/http';
import { computeAchievements, type AchievementState } from '@feiyi/contract/achievements';
import { maskName } from '@feiyi/contract/identity';
import { isUniqueViolation } from '../../../portal/unique-violation';

const UID = 'api::donation.donation';

export default factories.createCoreService(UID, ({ strapi }: { strapi: Core.Strapi }) => ({
  async donate(user: { id: number; username: string }, input: { projectId: number; amount: number; idempotencyKey?: string }) {
    const idempotencyKey = input.idempotencyKey ? `${user.id}:${input.idempotencyKey}` : undefined;
    const existing = idempotencyKey ? await strapi.db.query(UID).findOne({ where: { idempotencyKey } }) : null;
    let donation = existing;
    if (!donation) {
      const project = await findPublishedByPid(strapi, 'api::donation-project.donation-project', input.projectId);
      if (!project) throw notFound('公益项目不存在');
      try {
        const created = await strapi.documents(UID).create({
          data: {
            user: user.id,
            project: project.documentId,
            projectPid: project.pid,
            projectName: project.title,
            amount: input.amount,
            donorName: user.username,
            idempotencyKey,
          },
        });
        donation = await strapi.db.query(UID).findOne({ where: { documentId: created.documentId } });
      } catch (error) {
        if (!(idempotencyKey && isUniqueViolation(error))) throw error;
        donation = await strapi.db.query(UID).findOne({ where: { idempotencyKey } });
      }
    }
    const achievements = await this.achievementsOf(user.id);
    return {
      donation: {
        id: donation.id,
        projectId: donation.projectPid,
        projectName: donation.projectName,
        amount: donation.amount,
        createdAt: donation.createdAt,
      },
      achievements,
      replayed: Boolean(existing),
    };
  },

  async listForUser(userId: number) {
    const rows = await strapi.db.query(UID).findMany({ where: { user: { id: userId } }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
    return rows.map((d: { id: number; projectPid: number; projectName: string; amount: number; createdAt: string }) => ({
      id: d.id,
      projectId: d.projectPid,
      projectName: d.projectName,
      amount: d.amount,
      createdAt: d.createdAt,
    }));
  },

  /** Newest donations for the public donor table; names leave the CMS already masked. */
  async feed(limit: number) {
    const rows = await strapi.db.query(UID).findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit });
    return rows.map(
      (d: { id: number; donorName: string | null; amount: number; projectName: string; projectPid: number; createdAt: string }) => ({
        id: d.id,
        donor: maskName(d.donorName),
        amount: d.amount,
        projectName: d.projectName,
        projectId: d.projectPid,
        time: d.createdAt,
      }),
    );
  },

  /** Recomputes the user's achievements from their donations and stores them for editors to see. */
  async achievementsOf(userId: number): Promise<AchievementState[]> {
    const donations = await strapi.db.query(UID).findMany({ where: { user: { id: userId } }, select: ['amount', 'projectPid'] });
    const states = computeAchievements(donations as Array<{ amount: number; projectPid: number }>);
    for (const state of states) {
      const dedupeKey = `${userId}:${state.achievementType}`;
      const row = await strapi.db.query('api::achievement.achievement').findOne({ where: { dedupeKey } });
      const data = { currentValue: state.currentValue, targetValue: state.targetValue, isCompleted: state.isCompleted };
      if (!row) {
        try {
          await strapi.documents('api::achievement.achievement').create({
            data: {
              ...data,
              user: userId,
              achievementType: state.achievementType,
              dedupeKey,
              completedAt: state.isCompleted ? new Date().toISOString() : undefined,
            },
          });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
      } else if (row.currentValue !== data.currentValue || row.isCompleted !== data.isCompleted) {
        await strapi.db.query('api::achievement.achievement').update({
          where: { id: row.id },
          data: { ...data, completedAt: state.isCompleted ? (row.completedAt ?? new Date().toISOString()) : null },
        });
      }
    }
    return states;
  },
}));

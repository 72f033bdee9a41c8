import { z } from 'zod';
import { ACHIEVEMENT_TYPES } from './achievements.ts';
import { envelope, optionalUserId, positiveId } from './common.ts';
import * as MESSAGES from './messages.ts';

export { ACHIEVEMENT_TYPES };
export const achievement = z
  .object({
    achievementType: z.enum(ACHIEVEMENT_TYPES),
    achievementName: z.string(),
    description: z.string(),
    currentValue: z.number().int(),
    targetValue: z.number().int(),
    isCompleted: z.boolean(),
  })
  .meta({ id: 'Achievement' });

export const donationProject = z
  .object({
    id: z.number().int(),
    title: z.string(),
    image: z.string(),
    description: z.string(),
    targetAmount: z.number().int(),
    beneficiary: z.string(),
    relatedItem: z.string(),
  })
  .meta({ id: 'DonationProject' });
export type DonationProject = z.infer<typeof donationProject>;
export const donationProjectsResponse = envelope(z.object({ projects: z.array(donationProject) }));

/** One donation, in whole yuan. */
export const donationAmount = z
  .number({ error: '捐赠金额必须是数字' })
  .int({ error: MESSAGES.donation.amountWhole })
  .min(1, { error: MESSAGES.donation.amountTooSmall })
  .max(10000, { error: MESSAGES.donation.amountTooLarge });
export const donateBody = z.object({
  userId: optionalUserId,
  projectId: positiveId('projectId'),
  projectName: z.string().max(100).optional().describe('忽略：项目名取自内容库'),
  amount: donationAmount,
});
export const donation = z
  .object({ id: z.number().int(), projectId: z.number().int(), projectName: z.string(), amount: z.number().int(), createdAt: z.string() })
  .meta({ id: 'Donation' });
export const donateResponse = envelope(z.object({ donation, achievements: z.array(achievement) }));

export const donorFeedQuery = z.object({
  limit: z.coerce.number().int().min(1, { error: 'limit 不能小于 1' }).max(100, { error: 'limit 不能大于 100' }).default(20),
});
export const donorFeedResponse = envelope(
  z.object({
    records: z.array(
      z.object({
        id: z.number().int(),
        donor: z.string().describe('脱敏后的捐赠人，如 张**'),
        amount: z.number().int(),
        projectName: z.string(),
        projectId: z.number().int(),
        time: z.string(),
      }),
    ),
  }),
);
export const myDonationsResponse = envelope(z.object({ records: z.array(donation) }));

export const achievementsUserParam = z.object({ userId: positiveId('userId') });
export const achievementsResponse = envelope(z.array(achievement));
export const achievementCheckBody = z.object({
  userId: optionalUserId,
  type: z.enum(ACHIEVEMENT_TYPES, { error: MESSAGES.achievement.unknownType }),
  description: z.string().max(200).optional(),
  currentValue: z.number().optional().describe('忽略：进度由服务器根据捐赠记录计算'),
  targetValue: z.number().optional().describe('忽略'),
  projectId: z.number().int().optional(),
});
export const achievementCheckResponse = envelope(achievement);

/**
 * The donation achievements: what each is called, what completes it and in which unit its progress is counted. The
 * CMS computes them; the API and the site name and order them from here. No zod: the site's islands import it.
 */

/** The achievement types, in the order they are shown. */
export const ACHIEVEMENT_TYPES = ['first_donation', 'donation_amount', 'different_projects'] as const;
export type AchievementType = (typeof ACHIEVEMENT_TYPES)[number];

export const ACHIEVEMENT_DEFINITIONS: ReadonlyArray<{
  type: AchievementType;
  name: string;
  description: string;
  target: number;
  unit: string;
}> = [
  { type: 'first_donation', name: '初心善举', description: '完成第一次公益捐赠', target: 1, unit: '次' },
  { type: 'donation_amount', name: '乐善好施', description: '累计捐赠达到 1000 元', target: 1000, unit: '元' },
  { type: 'different_projects', name: '广结善缘', description: '支持 3 个不同的公益项目', target: 3, unit: '个项目' },
];

/** The unit each achievement's progress is counted in ('300 / 1000 元'). */
export const ACHIEVEMENT_UNITS = Object.fromEntries(ACHIEVEMENT_DEFINITIONS.map((d) => [d.type, d.unit])) as Record<
  AchievementType,
  string
>;

export interface DonationFact {
  amount: number;
  projectPid: number;
}

export interface AchievementState {
  achievementType: AchievementType;
  achievementName: string;
  description: string;
  currentValue: number;
  targetValue: number;
  isCompleted: boolean;
}

/** Achievements follow from the user's donations alone; nothing a client sends can change them. */
export function computeAchievements(donations: readonly DonationFact[]): AchievementState[] {
  const count = donations.length;
  const amount = donations.reduce((sum, d) => sum + d.amount, 0);
  const projects = new Set(donations.map((d) => d.projectPid)).size;
  const values: Record<AchievementType, number> = { first_donation: count, donation_amount: amount, different_projects: projects };
  return ACHIEVEMENT_DEFINITIONS.map((definition) => ({
    achievementType: definition.type,
    achievementName: definition.name,
    description: definition.description,
    currentValue: Math.min(values[definition.type], definition.target),
    targetValue: definition.target,
    isCompleted: values[definition.type] >= definition.target,
  }));
}

import { describe, expect, it } from 'vitest';
import { computeAchievements } from './achievements.ts';

describe('achievements', () => {
  it('starts with nothing completed', () => {
    expect(computeAchievements([]).map((a) => [a.achievementType, a.currentValue, a.isCompleted])).toEqual([
      ['first_donation', 0, false],
      ['donation_amount', 0, false],
      ['different_projects', 0, false],
    ]);
  });
  it('completes each target from the donations themselves', () => {
    const result = computeAchievements([
      { amount: 600, projectPid: 1 },
      { amount: 400, projectPid: 2 },
      { amount: 10, projectPid: 2 },
    ]);
    expect(result.map((a) => [a.achievementType, a.currentValue, a.targetValue, a.isCompleted])).toEqual([
      ['first_donation', 1, 1, true],
      ['donation_amount', 1000, 1000, true],
      ['different_projects', 2, 3, false],
    ]);
  });
});

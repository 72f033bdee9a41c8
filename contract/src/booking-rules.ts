/**
 * A workshop booking's participants, the one rule the booking form checks before sending and the API's booking schema
 * (workshop.ts) enforces: 1 to 4 people, each with a name of at most 30 characters, a mainland mobile and a valid
 * 18-character ID number. Without zod, so the form loads it with its own code.
 */
import { isMainlandMobile, isValidIdCard } from './identity.ts';
import { workshop as WORDS } from './messages/workshop.ts';

export const PARTICIPANTS = { min: 1, max: 4 } as const;
export const PARTICIPANT_NAME_MAX = 30;

export interface ParticipantInput {
  name: string;
  phone: string;
  idcard: string;
}

/**
 * The first problem with the participants: a wrong count; then a row with an empty field ('请完整填写第N位参与者信息');
 * then a too-long name, a wrong mobile or ID number of row N. Undefined when all can be booked.
 */
export function participantsProblem(rows: readonly ParticipantInput[]): string | undefined {
  if (rows.length < PARTICIPANTS.min || rows.length > PARTICIPANTS.max) return WORDS.participantCount;
  for (const [i, row] of rows.entries()) {
    if (!row.name.trim() || !row.phone.trim() || !row.idcard.trim()) return WORDS.participantIncomplete(i + 1);
  }
  for (const [i, row] of rows.entries()) {
    if (row.name.trim().length > PARTICIPANT_NAME_MAX) return WORDS.nameTooLong(i + 1);
    if (!isMainlandMobile(row.phone)) return WORDS.phoneInvalid(i + 1);
    if (!isValidIdCard(row.idcard)) return WORDS.idcardInvalid(i + 1);
  }
  return undefined;
}

import { collection, type ContentStore } from '../content/store.ts';
import type { SeatLevel } from '@feiyi/contract/portal';
import { strapiWorkshop, toWorkshop } from './mapper.ts';

/** Published workshops with their seats taken (which move with every booking: see the shop group). */
export const workshops = collection('shop', 'workshops', {
  query: { sort: 'startTime:asc' },
  shape: strapiWorkshop,
  map: (documents, origin) => documents.map((document) => toWorkshop(document, origin)),
});

/** Seats taken of some workshops as the CMS answered them. */
export type { SeatLevel } from '@feiyi/contract/portal';

/** Applies seats the CMS reported to the cached workshops, so the next read answers them at once. */
export function applySeats(store: ContentStore, levels: readonly SeatLevel[], options: { followed?: boolean } = {}): void {
  if (levels.length === 0) return;
  const bookedOf = new Map(levels.map((level) => [level.workshopId, level.seatsBooked]));
  store.update(
    workshops,
    (documents) =>
      documents.map((document) => {
        const seatsBooked = document.pid === null ? undefined : bookedOf.get(document.pid);
        return seatsBooked === undefined ? document : { ...document, seatsBooked };
      }),
    options,
  );
}

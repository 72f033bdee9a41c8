/**
 * When the nav bar hides and shows: it hides once the page has gone down more than 10 px past 100 px,
 * and shows again after more than 5 px up. Distances count from where the scroll last changed direction, so slow
 * scrolling (many 1 px events) behaves like fast scrolling.
 */
export interface BarState {
  hidden: boolean;
  /** Where the current run of scrolling in one direction began. */
  anchor: number;
  direction: 'up' | 'down';
}

export const HIDE_AFTER = 100;
export const HIDE_DISTANCE = 10;
export const SHOW_DISTANCE = 5;

export const initialBar = (y = 0): BarState => ({ hidden: false, anchor: y, direction: 'down' });

export function nextBar(state: BarState, y: number, previousY: number): BarState {
  if (y <= HIDE_AFTER) return { hidden: false, anchor: y, direction: y < previousY ? 'up' : 'down' };
  const direction = y > previousY ? 'down' : y < previousY ? 'up' : state.direction;
  const anchor = direction === state.direction ? state.anchor : previousY;
  if (direction === 'down' && y - anchor > HIDE_DISTANCE) return { hidden: true, anchor, direction };
  if (direction === 'up' && anchor - y > SHOW_DISTANCE) return { hidden: false, anchor, direction };
  return { hidden: state.hidden, anchor, direction };
}

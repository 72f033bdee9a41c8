/**
 * The operators' desk (运营工作台) on the admin home: what GET /feiyi/desk/summary answers (cms/src/desk/route.ts) to
 * the widget (cms/src/admin/desk/). Types only: the CMS builds it and its own admin reads it. Amounts are whole fen.
 */

/** One Beijing calendar day of a series. */
export interface DeskDay {
  /** 'YYYY-MM-DD', Beijing time. */
  day: string;
  count: number;
  amountFen: number;
}

/** A series over the desk's days, oldest first; the last day is today. */
export interface DeskSeries {
  days: DeskDay[];
  today: { count: number; amountFen: number };
  total: { count: number; amountFen: number };
}

export interface DeskSummary {
  /** When the desk was read (ISO). */
  at: string;
  /** Paid orders by their payment time; the amount is what was paid (revenue). */
  orders: DeskSeries;
  donations: DeskSeries;
  /** Confirmed workshop bookings by their booking time. */
  bookings: DeskSeries;
  lowStock: { threshold: number; products: Array<{ name: string; stock: number }>; more: number };
  expiring: {
    /** How close to its hold's end an unpaid order counts as about to expire. */
    withinMinutes: number;
    orders: Array<{ orderNo: string; amountFen: number; expiresAt: string }>;
    more: number;
  };
}

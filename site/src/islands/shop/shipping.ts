/**
 * The shipping form's check: the fields are checked with the contract's own schema, so the form and the API can never
 * disagree on what a mainland mobile number is or on the messages. A module of its own because that schema brings zod
 * and the order schemas with it (≈ 30 KB gzip): ShippingForm loads it when the form is shown, not with the shop page.
 */
import { createOrderBody } from '../../lib/contract.ts';

export interface ShippingValues {
  shippingName: string;
  shippingPhone: string;
  shippingAddress: string;
}
export type ShippingErrors = Partial<Record<keyof ShippingValues, string>>;

const shippingSchema = createOrderBody.pick({ shippingName: true, shippingPhone: true, shippingAddress: true });

/** The shipping form's errors, one per field, with the contract's messages; empty when the form may be sent. */
export function validateShipping(values: ShippingValues): ShippingErrors {
  const parsed = shippingSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: ShippingErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]) as keyof ShippingValues;
    errors[field] ??= issue.message;
  }
  return errors;
}

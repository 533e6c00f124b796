import type { UseFormReturn } from 'react-hook-form';
import { INVALID_EMAIL_MESSAGE } from '#shared/checkout.schemas.ts';
import {
  CheckoutRequestSchema,
  type CheckoutRequest,
  type CheckoutRequestInput,
} from '#shared/checkout-request.schemas.ts';

/** The checkout form's fields are the request's; orderType, the chip and the mint ride along unseen. */
export type CheckoutForm = UseFormReturn<CheckoutRequestInput, unknown, CheckoutRequest>;

/** The fields of a new address, in the order the spec lists them. */
export const NEW_ADDRESS_FIELDS = [
  'newAddressName',
  'newAddressLine1',
  'newAddressLine2',
  'newAddressCity',
  'newAddressState',
  'newAddressZip',
  'newAddressCountry',
] as const;

/**
 * The request schema, plus: a signed-out buyer must give an e-mail (the server makes their account
 * from it), which the request schema leaves optional because signed-in buyers send none.
 */
export function checkoutFormSchema(options: { requiresEmail: boolean }) {
  return CheckoutRequestSchema.superRefine((request, ctx) => {
    if (options.requiresEmail && !request.email) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: INVALID_EMAIL_MESSAGE });
    }
  });
}

/** Turns the address select's value back into the request's id | 'new' | null. */
export function parseAddressSelectValue(value: unknown): number | 'new' | null {
  if (value === 'new') return 'new';
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return null;
}

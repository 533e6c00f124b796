/**
 * POST /api/checkout (and its legacy alias POST /api/purchase) body, spec §3 "checkout request". It
 * lives apart from checkout.schemas.ts because a new address is checked by its country's rules
 * (addresses.schemas.ts, with every country's metadata): public pages that only quote or pay load
 * checkout.schemas.ts, and should not load the world's address formats with it.
 */
import { z } from 'zod';
import { BRAND } from './brand.ts';
import { checkAddress, DEFAULT_ADDRESS_COUNTRY, type AddressField } from './addresses.schemas.ts';
import {
  ClientOrderSummarySchema,
  IdSchema,
  INCOMPLETE_ADDRESS_MESSAGE,
  MintDataSchema,
  OptionalEmailSchema,
  OrderTypeSchema,
  SELECT_ADDRESS_MESSAGE,
  ShippingCountrySchema,
  ShippingOptionSchema,
} from './checkout.schemas.ts';
import { PaymentMethodInputSchema } from './settings.schemas.ts';

/** The checkout's names of a new address's fields (spec §3 checkout request). */
export const NEW_ADDRESS_FIELD_NAMES = {
  name: 'newAddressName',
  addressLine1: 'newAddressLine1',
  city: 'newAddressCity',
  state: 'newAddressState',
  zipCode: 'newAddressZip',
  country: 'newAddressCountry',
} as const satisfies Record<AddressField, string>;

const optionalAddressText = z.string().trim().max(200).optional();

/** POST /api/checkout body (spec §3 checkout request). */
export const CheckoutRequestSchema = z
  .object({
    /** Required for a signed-out (guest) purchase; ignored when signed in. */
    email: OptionalEmailSchema.optional(),
    /** card | paypal | artchip; the legacy 'usd' and 'creditcard' mean card. */
    paymentMethod: PaymentMethodInputSchema,
    shippingOption: ShippingOptionSchema,
    /** A saved address id of the buyer, or 'new' with the newAddress* fields; required to ship. */
    shippingAddressId: z
      .union([z.number().int().positive(), z.literal('new')], { error: SELECT_ADDRESS_MESSAGE })
      .nullish(),
    newAddressName: optionalAddressText,
    newAddressLine1: optionalAddressText,
    newAddressLine2: optionalAddressText,
    newAddressCity: z.string().trim().max(100).optional(),
    newAddressState: z.string().trim().max(100).optional(),
    newAddressZip: z.string().trim().max(20).optional(),
    newAddressCountry: ShippingCountrySchema.default(DEFAULT_ADDRESS_COUNTRY),
    /** Save a new address to the buyer's address book. */
    saveAddress: z.boolean().default(false),
    orderType: OrderTypeSchema,
    /** The chip to buy; required for purchases. */
    artchipId: IdSchema.optional(),
    /** An accepted offer of this buyer on that chip: the price becomes the offer's. */
    offerId: IdSchema.optional(),
    /** Required for mints. */
    mintData: MintDataSchema.optional(),
    orderSummary: ClientOrderSummarySchema.optional(),
  })
  .superRefine((req, ctx) => {
    if (req.orderType === 'purchase' && req.artchipId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['artchipId'], message: `Please choose an ${BRAND.name} to buy` });
    }
    if (req.orderType === 'mint' && !req.mintData) {
      ctx.addIssue({ code: 'custom', path: ['mintData', 'title'], message: 'Title is required' });
    }
    if (req.shippingOption !== 'ship') return;
    if (req.shippingAddressId === undefined || req.shippingAddressId === null) {
      ctx.addIssue({ code: 'custom', path: ['shippingAddressId'], message: SELECT_ADDRESS_MESSAGE });
      return;
    }
    if (req.shippingAddressId === 'new') {
      const issues = checkAddress({
        name: req.newAddressName ?? '',
        addressLine1: req.newAddressLine1 ?? '',
        city: req.newAddressCity ?? '',
        state: req.newAddressState ?? '',
        zipCode: req.newAddressZip ?? '',
        country: req.newAddressCountry,
      });
      // Spec §5: an empty required field says 'Please fill in all required address fields'; a value
      // the country does not have says what is wrong with it.
      for (const issue of issues) {
        ctx.addIssue({
          code: 'custom',
          path: [NEW_ADDRESS_FIELD_NAMES[issue.field]],
          message: issue.kind === 'missing' ? INCOMPLETE_ADDRESS_MESSAGE : issue.message,
        });
      }
    }
  });

/** A checkout request as the server sees it (after defaults and legacy method names). */
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;

/** A checkout request as a client writes it. */
export type CheckoutRequestInput = z.input<typeof CheckoutRequestSchema>;

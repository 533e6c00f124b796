// The drizzle-kit entry: every domain's tables, gathered in one place.
export * from '#server/features/users/users.table.ts';
export * from '#server/features/auth/auth.table.ts';
export * from '#server/features/chips/chips.table.ts';
export * from '#server/features/media/media.table.ts';
export * from '#server/features/orders/orders.table.ts';
export * from '#server/features/offers/offers.table.ts';
export * from '#server/features/payments/payments.table.ts';
export * from '#server/features/affiliates/affiliates.table.ts';
export * from '#server/features/settings/settings.table.ts';
export * from '#server/features/subscriptions/subscriptions.table.ts';
export * from '#server/features/contact/contact.table.ts';
export * from '#server/features/price/price.table.ts';
export * from '#server/features/mail/mail.table.ts';
export * from '#server/features/jobs/jobs.table.ts';
export * from '#server/features/audit/audit.table.ts';
export * from '#server/features/nfc/nfc.table.ts';
export * from '#server/features/rate-limit/rate-limit.table.ts';

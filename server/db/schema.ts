// Every row belongs to a trainer: queries always filter by trainer_id, so several trainers share one
// API without seeing each other's data. Money is in minor units. Tokens are stored only as SHA-256.
// The tables, one file per part of the product; drizzle-kit and the repositories read them here.
export * from './tables/admin.ts';
export * from './tables/billing.ts';
export * from './tables/catalogue.ts';
export * from './tables/invoices.ts';
export * from './tables/library.ts';
export * from './tables/members.ts';
export * from './tables/metrics.ts';
export * from './tables/studio.ts';

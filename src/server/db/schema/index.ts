export * from './auth-tokens';
export * from './community';
export * from './notifications';
export * from './offers';
export * from './pix-charges';
export * from './slug-scans';
export * from './users';
export * from './webhooks';

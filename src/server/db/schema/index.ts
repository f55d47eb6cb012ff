export * from './auth-tokens';
export * from './notifications';
export * from './offers';
export * from './slug-scans';
export * from './users';
export * from './webhooks';

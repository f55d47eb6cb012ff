export * from './auth-tokens';
export * from './notifications';
export * from './users';
export * from './webhooks';

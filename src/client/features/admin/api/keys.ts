export const adminKeys = {
  stats: ['admin', 'stats'] as const,
  metrics: (from: string, to: string, interval: string) => ['admin', 'metrics', from, to, interval] as const,
  backups: ['admin', 'backups'] as const,
  readiness: ['admin', 'readiness'] as const,
  demoContent: ['admin', 'demo-content'] as const,
  users: ['admin', 'users'] as const,
  notifications: ['admin', 'notifications'] as const,
  webhookMappings: ['admin', 'webhook-mappings'] as const,
  webhookEvents: ['admin', 'webhook-events'] as const,
  webhookConfig: ['admin', 'webhook-config'] as const,
  rankingReviews: ['admin', 'ranking-review'] as const,
  rankingReview: (month: string) => ['admin', 'ranking-review', month] as const,
};

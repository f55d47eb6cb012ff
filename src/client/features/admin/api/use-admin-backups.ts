import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBackupStatus } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const adminBackupsQuery = queryOptions({
  queryKey: adminKeys.backups,
  queryFn: () => api.get<AdminBackupStatus>('/api/admin/backups'),
});

/** GET /api/admin/backups. */
export function useAdminBackups() {
  return useQuery(adminBackupsQuery);
}

import type { LiveCall } from '../../../shared/schemas/live-calls';
import type { LiveCallRow } from './live-calls.repo';

/** A call as members and the administrator read it; a locked recording leaves without its link. */
export function presentLiveCall(row: LiveCallRow, lockedDays: number | null): LiveCall {
  const locked = lockedDays !== null && row.status === 'Publicado';
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    callTime: row.callTime,
    callDate: row.callDate,
    // A locked recording leaves the server without its link: the rule holds whatever the client does.
    link: locked ? null : row.link,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    locked,
    daysLeft: locked ? lockedDays : null,
  };
}

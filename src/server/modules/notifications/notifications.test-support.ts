import { expect } from 'vitest';
import type { MemberNotification } from '../../../shared/schemas/notifications';
import type { Session } from '../community/community.test-support';

/** The member's bell as the route answers it (200 expected), newest first. */
export async function bell(s: Session): Promise<MemberNotification[]> {
  const res = await s.call('GET', '/api/notifications');
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The notices of a list that lead to this post. */
export const about = (list: MemberNotification[], postId: string) =>
  list.filter((n) => n.link?.includes(postId));

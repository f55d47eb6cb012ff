import { expect } from 'vitest';
import type { MemberNotification } from '../../../shared/schemas/notifications';
import { communityTestApp, type Session, signedInMember } from '../community/community.test-support';

/** The member's bell as the route answers it (200 expected), newest first. */
export async function bell(s: Session): Promise<MemberNotification[]> {
  const res = await s.call('GET', '/api/notifications');
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The notices of a list that lead to this post. */
export const about = (list: MemberNotification[], postId: string) =>
  list.filter((n) => n.link?.includes(postId));

/** The bell tests' cast: the community's (Ana, Bruno, the administrator) and two more members, Carla and Davi. */
export async function notificationsTestApp() {
  const cast = await communityTestApp();
  const carla = await signedInMember(cast.t, { name: 'Carla' });
  const davi = await signedInMember(cast.t, { name: 'Davi' });
  return { ...cast, carla, davi };
}

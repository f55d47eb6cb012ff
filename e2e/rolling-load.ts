import { performance } from 'node:perf_hooks';
import { createDatabase } from '../src/server/db/client';
import { createMember, signIn } from '../src/server/testing/factories';
import { createOffer } from '../src/server/testing/offer-factories';

/** One worker's member: signed in, with an offer of its own to like and unlike. */
export interface LoadMember {
  cookie: string;
  offerId: string;
}

/** `count` members and offers, straight in the database the instances share (after the first one migrated it). */
export async function seedLoadMembers(databaseUrl: string, count: number): Promise<LoadMember[]> {
  const database = createDatabase(databaseUrl, { max: 2 });
  try {
    const members: LoadMember[] = [];
    for (let i = 0; i < count; i++) {
      const member = await createMember(database.db, { name: `Membro da Rolagem ${i + 1}` });
      const offer = await createOffer(database.db, { productTitle: `Oferta da Rolagem ${i + 1}` });
      members.push({ cookie: await signIn(database.db, member.id), offerId: offer.id });
    }
    return members;
  } finally {
    await database.close();
  }
}

export interface LoadResult {
  /** Every request that did not get the app's own answer (5xx, a balancer's error, no answer), or a wrong one. */
  failures: string[];
  served: number;
  /** Like toggles answered (POST). */
  posts: number;
  /** Per member, whether its last answered toggle left the offer liked. */
  liked: boolean[];
}

/**
 * Members' traffic through a balancer while instances restart behind it: one keep-alive client per member, reading
 * (the catalogue, its offer, the bell, its account) and, every fourth request, toggling its like on its own
 * offer (POST). Each member's toggles are sequential, so their answers must alternate liked / not liked: a POST run
 * twice (re-sent by a balancer after the app ran it) or run without an answer breaks the alternation and fails too.
 */
export function startMemberLoad(url: string, members: LoadMember[]): { stop(): Promise<LoadResult> } {
  const result: LoadResult = { failures: [], served: 0, posts: 0, liked: members.map(() => false) };
  let running = true;
  const worker = async (i: number) => {
    const { cookie, offerId } = members[i]!;
    const reads = ['/api/offers?page=1', `/api/offers/${offerId}`, '/api/notifications', '/api/auth/user'];
    for (let n = 0, read = 0; running; n++) {
      const post = n % 4 === 3;
      const path = post ? `/api/offers/${offerId}/like` : reads[read++ % reads.length]!;
      const started = performance.now();
      try {
        const res = await fetch(`${url}${path}`, {
          method: post ? 'POST' : 'GET',
          headers: post
            ? { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }
            : { cookie },
          body: post ? '{}' : undefined,
        });
        const text = await res.text();
        if (res.status !== 200) {
          result.failures.push(`${res.status} ${post ? 'POST' : 'GET'} ${path}: ${text.slice(0, 120)}`);
          continue;
        }
        result.served++;
        if (post) {
          result.posts++;
          const { liked } = JSON.parse(text) as { liked: boolean };
          if (liked === result.liked[i]) {
            result.failures.push(
              `POST ${path} rodou duas vezes (curtida ${liked ? 'já estava' : 'já saíra'})`,
            );
          }
          result.liked[i] = liked;
        }
      } catch (error) {
        const ms = (performance.now() - started).toFixed(0);
        result.failures.push(`${(error as Error).message} ${post ? 'POST' : 'GET'} ${path} (${ms} ms)`);
      }
    }
  };
  const load = members.map((_, i) => worker(i));
  return {
    async stop() {
      running = false;
      await Promise.all(load);
      return result;
    },
  };
}

/** Offers each member's like is on, asked of one instance directly: what the members' answers said it would be. */
export async function likedAsAnswered(baseUrl: string, members: LoadMember[], liked: boolean[]) {
  const wrong: string[] = [];
  for (const [i, { cookie, offerId }] of members.entries()) {
    const res = await fetch(`${baseUrl}/api/user/liked-offers`, { headers: { cookie } });
    const ids = (await res.json()) as string[];
    if (ids.includes(offerId) !== liked[i])
      wrong.push(`membro ${i + 1}: curtida ${liked[i] ? 'perdida' : 'a mais'}`);
  }
  return wrong;
}

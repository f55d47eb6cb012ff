/**
 * Why a like does not count for the monthly ranking (modules/community/like-fairness.ts), checked in this order;
 * each excluded like has one reason. 'admin': the administrator excluded the member's likes of the month. Only the administrator sees them; profiles and points count every like.
 */
export const LIKE_EXCLUSION_REASONS = ['same-device', 'new-account', 'burst', 'ring', 'admin'] as const;
export type LikeExclusionReason = (typeof LIKE_EXCLUSION_REASONS)[number];

export const LIKE_EXCLUSION_LABELS: Readonly<Record<LikeExclusionReason, string>> = {
  'same-device': 'Mesmo dispositivo do autor',
  'new-account': 'Conta criada há menos de 7 dias',
  burst: 'Mais de 10 curtidas no mesmo dia ao mesmo autor',
  ring: 'Curtidas recíprocas em grupo (anel)',
  admin: 'Excluídas pelo administrador',
};

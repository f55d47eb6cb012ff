import { Notice } from '../../../components/ui/notice';

/** Orange notice for an account without an active plan in the club (spec 01 §8). */
export function NoActivePlanNotice({ duration, onClose }: { duration: number; onClose: () => void }) {
  return (
    <Notice variant="orange" title="Plano inativo" duration={duration} onClose={onClose}>
      <p>{`Você não tem plano ativo no Clube. Assine agora em: ${window.location.host}/clube ou chame o suporte`}</p>
    </Notice>
  );
}

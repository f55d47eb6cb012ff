import { CHECKOUT_PATH, SUPPORT_PATH } from '../../../../shared/club';
import { Notice } from '../../../components/ui/notice';

const LINK = 'font-semibold text-orange-50 underline underline-offset-2 hover:text-white';

/**
 * Orange notice for an account without an active plan in the club: the sentence word for word, with
 * '{host}/clube' leading to the checkout and 'suporte' to the support chat (both redirects of the server).
 */
export function NoActivePlanNotice({ duration, onClose }: { duration: number; onClose: () => void }) {
  return (
    <Notice variant="orange" title="Plano inativo" duration={duration} onClose={onClose}>
      <p>
        Você não tem plano ativo no Clube. Assine agora em:{' '}
        <a href={CHECKOUT_PATH} className={LINK}>{`${window.location.host}${CHECKOUT_PATH}`}</a> ou chame o{' '}
        <a href={SUPPORT_PATH} target="_blank" rel="noopener noreferrer" className={LINK}>
          suporte
        </a>
      </p>
    </Notice>
  );
}

import { useParams } from 'react-router';
import { OfferDetailScreen } from '../../features/offers/components/offer-detail-screen';

export default function OfferDetailRoute() {
  const { id = '' } = useParams();
  return <OfferDetailScreen key={id} id={id} />;
}

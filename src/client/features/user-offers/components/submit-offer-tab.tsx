// PLACEHOLDER: replaced by the real screen before this lands.
export default function Screen() {
  return <div className="p-8">features/user-offers/components/submit-offer-tab</div>;
}

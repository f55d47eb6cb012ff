// PLACEHOLDER: replaced by the real screen before this lands.
export default function Screen() {
  return <div className="p-8">app/routes/admin-edit-offer</div>;
}

/**
 * Forms lacking an explicit allow-submit marker are blocked from submitting natively.
 * The app's own forms are handled by React (their handlers still run; they prevent navigation themselves);
 * this only stops a native, page-navigating submit of any form without `data-allow-submit`.
 */
export function installFormSubmitGuard(doc: Document = document): () => void {
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (form instanceof HTMLFormElement && !form.hasAttribute('data-allow-submit')) event.preventDefault();
  };
  doc.addEventListener('submit', onSubmit, true);
  return () => doc.removeEventListener('submit', onSubmit, true);
}

/** The labels followed by a '*' whose control is aria-required, in order. */
export function requiredFields(): string[] {
  return [...document.querySelectorAll('label')]
    .filter((label) => label.nextElementSibling?.textContent === '*')
    .filter((label) => {
      const control = document.getElementById(label.htmlFor);
      return control?.getAttribute('aria-required') === 'true' && (control as HTMLInputElement).required;
    })
    .map((label) => label.textContent ?? '');
}

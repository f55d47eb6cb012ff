import { afterEach, describe, expect, it } from 'vitest';
import { installFormSubmitGuard } from './form-guard';

let uninstall: () => void = () => {};
afterEach(() => {
  uninstall();
  document.body.innerHTML = '';
});

function submit(form: HTMLFormElement) {
  const event = new Event('submit', { bubbles: true, cancelable: true });
  let handlerRan = false;
  form.addEventListener('submit', () => {
    handlerRan = true;
  });
  form.dispatchEvent(event);
  return { prevented: event.defaultPrevented, handlerRan };
}

describe('form submit guard', () => {
  it('blocks the native submit of a form without the marker but still runs its handlers', () => {
    uninstall = installFormSubmitGuard();
    const form = document.createElement('form');
    document.body.append(form);
    expect(submit(form)).toEqual({ prevented: true, handlerRan: true });
  });

  it('lets a form with data-allow-submit through', () => {
    uninstall = installFormSubmitGuard();
    const form = document.createElement('form');
    form.setAttribute('data-allow-submit', '');
    document.body.append(form);
    expect(submit(form).prevented).toBe(false);
  });
});

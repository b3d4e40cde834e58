// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { installDialogFocus } from './dialogFocus';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function openDialog(): HTMLElement {
  const dialog = document.createElement('div');
  dialog.setAttribute('role', 'dialog');

  dialog.innerHTML = '<p>KYC expired</p><button>Cancel</button><button>Update</button>';
  document.body.append(dialog);
  return dialog;
}

function tab(shift = false) {
  const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey: shift, cancelable: true });
  document.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('dialog focus', () => {
  let uninstall = () => {};
  afterEach(() => {
    uninstall();
    document.body.innerHTML = '';
  });

  it('moves focus into an opened dialog, keeps Tab inside and returns focus on close', async () => {
    document.body.innerHTML = '<button id="trigger">My KYC</button><a href="/x">Behind</a>';
    const trigger = document.getElementById('trigger') as HTMLButtonElement;
    trigger.focus();
    uninstall = installDialogFocus(document);
    const dialog = openDialog();
    await tick();
    const [cancel, update] = [...dialog.querySelectorAll('button')] as HTMLButtonElement[];
    expect(document.activeElement).toBe(cancel);
    expect(dialog.getAttribute('aria-modal')).toBe('true');

    update?.focus();
    expect(tab()).toBe(true);
    expect(document.activeElement).toBe(cancel);
    expect(tab(true)).toBe(true);
    expect(document.activeElement).toBe(update);
    // Between the first and the last control the browser moves focus itself.
    cancel?.focus();
    expect(tab()).toBe(false);

    dialog.remove();
    await tick();
    expect(document.activeElement).toBe(trigger);
  });

  it('leaves Tab alone when no dialog is open, and ignores dialogs that are hidden', async () => {
    document.body.innerHTML = '<button>One</button>';
    uninstall = installDialogFocus(document);
    const dialog = openDialog();
    dialog.style.display = 'none';
    await tick();
    expect(document.activeElement).toBe(document.body);
    expect(tab()).toBe(false);
  });
});

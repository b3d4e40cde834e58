/**
 * Server data filled into documents is text, never Markdown: the attack of a borrower name that
 * carries a link (`[Verify your account](javascript:…)`) must render as those characters.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { StoresProvider } from '@renderer/stores/StoresContext';
import { createTestRoot } from '@tests/support/renderer/testRoot';
import { Markdown } from './Markdown';
import { BLANK } from '@renderer/lib/markdown';

afterEach(cleanup);

function show(source: string, fields: Record<string, string> = {}) {
  const { root } = createTestRoot();
  const router = createMemoryRouter(
    [{ path: '/', element: <Markdown source={source} fields={fields} /> }],
    { initialEntries: ['/'] },
  );
  return render(
    <StoresProvider root={root}>
      <RouterProvider router={router} />
    </StoresProvider>,
  );
}

describe('Markdown with server fields', () => {
  it('fills a field that looks like a link as plain text: no button, no link', () => {
    const name = '[Verify your account](javascript:alert(document.cookie))';
    const { container } = show('Borrower: {{borrowerName}}', { borrowerName: name });
    expect(container.textContent).toBe(`Borrower: ${name}`);
    expect(container.querySelectorAll('a, button')).toHaveLength(0);
  });

  it('fills bold and link labels as text too, and blanks what is missing', () => {
    const { container } = show('**{{orderNo}}** and [{{who}}](/doc/about_us) {{none}}', {
      orderNo: '**x**',
      who: '<img src=x onerror=alert(1)>',
    });
    expect(container.querySelector('strong')?.textContent).toBe('**x**');
    expect(screen.getByRole('link').textContent).toBe('<img src=x onerror=alert(1)>');
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain(BLANK);
  });

  it.each([
    '[x](javascript:void0)',
    '[x](//evil.example/phish)',
    '[x](data:text/html,hi)',
    '[x](http://plain.example/)',
  ])('a source link outside the allow-list is plain text: %s', (source) => {
    const { container } = show(source);
    expect(container.querySelectorAll('a, button')).toHaveLength(0);
    expect(container.textContent).toBe('x');
  });

  it('keeps the links the documents need', () => {
    show('[about](/doc/about_us) [mail](mailto:help@directloan.ph) [web](https://directloan.ph)');
    expect(screen.getByRole('link', { name: 'about' }).getAttribute('href')).toBe('/doc/about_us');
    expect(screen.getByRole('button', { name: 'mail' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'web' })).toBeTruthy();
  });
});

import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { CrashView } from './CrashPage';

afterEach(cleanup);

it('shows "Something went wrong." with "Reload Again" that reloads', async () => {
  let reloads = 0;
  render(<CrashView onReload={() => reloads++} />);
  expect(screen.getByText('Something went wrong.')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Reload Again' }));
  expect(reloads).toBe(1);
});

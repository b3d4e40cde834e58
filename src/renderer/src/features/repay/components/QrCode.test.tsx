// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import QrCode, { qrPath } from './QrCode';

describe('QR code', () => {
  it('draws one unit square per dark module', () => {
    expect(
      qrPath([
        [true, false],
        [false, true],
      ]),
    ).toBe('M0 0h1v1h-1zM1 1h1v1h-1z');
  });

  it('renders the order code as an image of its matrix, the code never as markup', () => {
    const code = '<b>00012317</b>';
    render(<QrCode text={code} label="QR code of payment 00012317" />);
    const svg = screen.getByRole('img', { name: 'QR code of payment 00012317' });
    const expected = encode(code, { ecc: 'M', border: 4 });
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${expected.size} ${expected.size}`);
    expect(svg.querySelector('path')?.getAttribute('d')).toBe(qrPath(expected.data));
    expect(svg.querySelector('b')).toBeNull();
  });
});

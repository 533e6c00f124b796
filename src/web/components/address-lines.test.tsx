// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { AddressLines } from './address-lines.tsx';

afterEach(cleanup);

const PARIS = {
  name: 'Zoé Martin',
  addressLine1: '12 rue de la Paix',
  addressLine2: '',
  city: 'Paris',
  state: '',
  zipCode: '75002',
  country: 'FR',
};

describe('AddressLines', () => {
  it("writes the address as a label in its country's order, a line each", () => {
    const { container } = render(
      <address>
        <AddressLines address={PARIS} />
      </address>,
    );
    expect(container.querySelector('address')!.innerHTML).toBe(
      'Zoé Martin<br>12 rue de la Paix<br>75002 Paris<br>France',
    );
  });

  it('leaves out the name and the country when the caller shows them itself', () => {
    const { container } = render(
      <p>
        <AddressLines address={PARIS} show={{ name: false, country: false }} />
      </p>,
    );
    expect(container.querySelector('p')!.innerHTML).toBe('12 rue de la Paix<br>75002 Paris');
  });
});

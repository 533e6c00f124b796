// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ProvenanceList } from './provenance-list.tsx';

afterEach(cleanup);

describe('ProvenanceList (issue 27)', () => {
  it('says who sold and who bought, never "by" the buyer as if they sold it', () => {
    render(
      <ProvenanceList
        events={[
          {
            id: 2,
            type: 'sold',
            createdAt: '2030-03-04T12:00:00.000Z',
            actorUsername: 'bob',
            data: { priceCents: 2800, sellerUsername: 'alice', buyerUsername: 'bob' },
          },
          {
            id: 3,
            type: 'sold',
            createdAt: '2030-03-05T12:00:00.000Z',
            actorUsername: null,
            data: { priceCents: 4000, sellerUsername: 'bob', buyerUsername: null },
          },
        ]}
      />,
    );
    const first = screen.getByText('Sold for $28.00').closest('p')!;
    expect(first.textContent).toBe('Sold for $28.00 · @alice →to @bob');
    expect(screen.getByText('Sold for $40.00').closest('p')!.textContent).toBe(
      'Sold for $40.00 · @bob →to a collector',
    );
    expect(screen.queryByText(/by @bob/)).toBeNull();
  });
});

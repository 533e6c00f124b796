// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { buildChip, buildSiteInfo, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { ReportedNotice } from './reported-notice.tsx';

afterEach(cleanup);

describe('ReportedNotice', () => {
  it('says nothing for a chip that is not reported', () => {
    mockApi({ 'GET /api/site-info': () => ({ body: buildSiteInfo() }) });
    const { container } = renderWithApp(<ReportedNotice chip={buildChip()} />);
    expect(container.textContent).toBe('');
  });

  it('says a chip is stolen and sends a message to its owner', async () => {
    const mock = mockApi({
      'GET /api/site-info': () => ({ body: buildSiteInfo() }),
      'POST /api/artchip/9/message-owner': () => ({ body: { sent: true } }),
    });
    const user = userEvent.setup();
    renderWithApp(<ReportedNotice chip={buildChip({ reportStatus: 'stolen' })} />);
    expect(
      screen.getByRole('heading', { name: 'This Artchip has been reported stolen by its owner.' }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Message the owner' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Message is required');
    expect(mock.callsTo('POST /api/artchip/9/message-owner')).toHaveLength(0);

    await user.type(screen.getByLabelText('Message to the owner'), 'Found it at the park.');
    await user.type(screen.getByLabelText('How the owner can reach you (optional)'), 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'Message the owner' }));
    expect(await screen.findByText('Thank you. Your message was sent to the owner.')).toBeTruthy();
    expect(mock.callsTo('POST /api/artchip/9/message-owner')[0]?.body).toEqual({
      message: 'Found it at the park.',
      contact: 'me@example.com',
    });
  });
});

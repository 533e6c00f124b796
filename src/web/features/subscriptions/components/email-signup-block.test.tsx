// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '#web/lib/query-client.ts';
import { ToastProvider } from '#web/components/ui/toast.tsx';
import { mockApi } from '#web/lib/testing.tsx';
import { EmailSignupBlock } from './email-signup-block.tsx';

afterEach(cleanup);

function renderBlock(response: { status: number; body: unknown }) {
  const { calls } = mockApi({ 'POST /api/email-signup': () => response });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <EmailSignupBlock />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { calls, input: screen.getByLabelText('Email address'), user: userEvent.setup() };
}

describe('EmailSignupBlock', () => {
  it('shows the heading and the Notify Me button', () => {
    renderBlock({ status: 200, body: { message: 'ok' } });
    expect(screen.getByRole('heading', { name: 'Stay in the Loop' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notify Me' })).toBeTruthy();
  });

  it('asks for an e-mail when the field is empty, without calling the API', async () => {
    const { calls, user } = renderBlock({ status: 200, body: { message: 'ok' } });
    await user.click(screen.getByRole('button', { name: 'Notify Me' }));
    expect(await screen.findByText('Email Required')).toBeTruthy();
    expect(screen.getAllByText('Please enter your email address.').length).toBeGreaterThan(0);
    expect(calls).toHaveLength(0);
  });

  it('flags an invalid address on the field', async () => {
    const { calls, input, user } = renderBlock({ status: 200, body: { message: 'ok' } });
    await user.type(input, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Notify Me' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('signs up, confirms with a toast and clears the field', async () => {
    const { calls, input, user } = renderBlock({
      status: 200,
      body: { message: 'Please check your inbox and confirm your subscription.' },
    });
    await user.type(input, 'Fan@Example.com');
    await user.click(screen.getByRole('button', { name: 'Notify Me' }));
    expect(await screen.findByText('Success')).toBeTruthy();
    expect(screen.getByText("You've been added to our email list. We'll keep you updated!")).toBeTruthy();
    expect(screen.getByText('Please check your inbox and confirm your subscription.')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/email-signup', search: '' });
    expect(calls[0]?.body).toEqual({ email: 'fan@example.com' });
  });

  it('reports a failure and keeps what was typed', async () => {
    const { input, user } = renderBlock({
      status: 429,
      body: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a minute and try again.' },
    });
    await user.type(input, 'fan@example.com');
    await user.click(screen.getByRole('button', { name: 'Notify Me' }));
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByText('Failed to sign up. Please try again.')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('fan@example.com');
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { HandoverExplainer } from './handover-explainer.tsx';

afterEach(cleanup);

describe('HandoverExplainer', () => {
  it('tells an owner what a fresh tap is, that the recipient signs in or up, the 10 minutes, first come and how to cancel', () => {
    render(<HandoverExplainer viewer="owner" feeLine="The transfer fee is $15.00." />);
    const text = screen.getByRole('region', { name: 'How handing over by tap works' }).textContent ?? '';
    expect(text).toContain('A tap is holding a phone flat against the Artchip');
    expect(text).toContain('that is what "a fresh tap" means');
    expect(text).toContain('sign up for free');
    expect(text).toContain('claim it for 10 minutes');
    expect(text).toContain('Whoever taps first and claims gets it');
    expect(text).toContain('Cancel handover');
    expect(text).toContain('The transfer fee is $15.00.');
    expect(screen.getByRole('img', { name: /A phone held flat against an Artchip/ }).tagName).toBe('svg');
  });

  it('tells a claimant they sign in or up, that the claim lasts 10 minutes and that the first claim wins', () => {
    render(<HandoverExplainer viewer="claimant" />);
    const text = screen.getByRole('region', { name: 'How claiming by tap works' }).textContent ?? '';
    expect(text).toContain('log in, or sign up for free');
    expect(text).toContain('claim it for 10 minutes');
    expect(text).toContain('The first person to tap and claim gets it');
  });
});

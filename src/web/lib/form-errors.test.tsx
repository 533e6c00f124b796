// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { ApiRequestError } from './api-client.ts';
import { applyServerErrors, serverFieldError, type ServerErrorOptions } from './form-errors.ts';

afterEach(cleanup);

type Values = { name: string; email: string; address: { city: string; zip: string } };
const DEFAULTS: Values = { name: '', email: '', address: { city: '', zip: '' } };

function refused(message: string, fieldErrors?: Record<string, string[]>) {
  return new ApiRequestError(400, message, { code: 'VALIDATION_FAILED', message, fieldErrors });
}

/** A form whose fields are real inputs, so focus can be seen. */
function renderForm(defaultValues: Partial<Values> | undefined = DEFAULTS): {
  current: UseFormReturn<Values>;
} {
  const handle: { current: UseFormReturn<Values> | null } = { current: null };
  function Form() {
    const form = useForm<Values>({ defaultValues });
    handle.current = form;
    const { errors } = form.formState;
    return (
      <form>
        <input aria-label="Name" {...form.register('name')} />
        <input aria-label="Email" {...form.register('email')} />
        <input aria-label="City" {...form.register('address.city')} />
        <input aria-label="Zip" {...form.register('address.zip')} />
        <p>{errors.email?.message}</p>
        <p>{errors.address?.city?.message}</p>
        <p>{errors.root?.server?.message}</p>
      </form>
    );
  }
  render(<Form />);
  return handle as { current: UseFormReturn<Values> };
}

function apply(form: { current: UseFormReturn<Values> }, err: unknown, options?: ServerErrorOptions<Values>) {
  let result: string | null = null;
  act(() => {
    result = applyServerErrors(form.current, err, options);
  });
  return result;
}

describe('applyServerErrors', () => {
  it('shows each refused field (nested paths too) with its first message and focuses the first', () => {
    const form = renderForm();
    const rest = apply(
      form,
      refused('Enter a city', {
        'address.city': ['Enter a city', 'City is too short'],
        email: ['This email is already in use'],
      }),
    );
    expect(rest).toBeNull();
    expect(screen.getByText('Enter a city')).toBeTruthy();
    expect(screen.queryByText('City is too short')).toBeNull();
    expect(screen.getByText('This email is already in use')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('City'));
    expect(form.current.getFieldState('email').error?.type).toBe('server');
    expect(form.current.formState.errors.root?.server).toBeUndefined();
  });

  it('shows fields the form shows without a default value', () => {
    const form = renderForm(undefined);
    expect(apply(form, refused('Enter a city', { 'address.city': ['Enter a city'] }))).toBeNull();
    expect(screen.getByText('Enter a city')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('City'));
  });

  it('keeps the messages for fields the form lacks as the root error, and returns them', () => {
    const form = renderForm();
    const rest = apply(
      form,
      refused('Enter a name', {
        name: ['Enter a name'],
        referredBy: ['Referred By must be the id of another user'],
        _: ['Referred By must be the id of another user'],
      }),
    );
    expect(rest).toBe('Referred By must be the id of another user');
    expect(form.current.formState.errors.root?.server?.message).toBe(rest);
    expect(screen.getByText('Referred By must be the id of another user')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
  });

  it('uses the server message when no field was refused', () => {
    const form = renderForm();
    const conflict = new ApiRequestError(409, 'This Artchip was just sold', {
      code: 'CONFLICT',
      message: 'This Artchip was just sold',
    });
    expect(apply(form, conflict)).toBe('This Artchip was just sold');
    expect(form.current.formState.errors.root?.server?.message).toBe('This Artchip was just sold');
    expect(document.activeElement).toBe(document.body);
  });

  it('says the fallback for a failure without an answer, and nothing when there is none', () => {
    const form = renderForm();
    expect(apply(form, new TypeError('Failed to fetch'), { fallback: 'Please try again.' })).toBe(
      'Please try again.',
    );
    expect(form.current.formState.errors.root?.server?.message).toBe('Please try again.');

    const { result } = renderHook(() => useForm<Values>({ defaultValues: DEFAULTS }));
    let rest: string | null = 'unset';
    act(() => {
      rest = applyServerErrors(result.current, new TypeError('Failed to fetch'));
    });
    expect(rest).toBeNull();
    expect(result.current.formState.errors.root).toBeUndefined();
  });

  it('shows only the named fields when told which', () => {
    const form = renderForm();
    const rest = apply(
      form,
      refused('This email is already in use', {
        email: ['This email is already in use'],
        'address.city': ['Enter a city'],
      }),
      { fields: ['email'] },
    );
    expect(rest).toBe('Enter a city');
    expect(form.current.getFieldState('address.city').error).toBeUndefined();
    expect(form.current.getFieldState('email').error?.message).toBe('This email is already in use');
  });
});

describe('serverFieldError', () => {
  it("reads the server's first message for one field", () => {
    const err = refused('Enter a reason', { reason: ['Enter a reason', 'Too short'] });
    expect(serverFieldError(err, 'reason')).toBe('Enter a reason');
    expect(serverFieldError(err, 'email')).toBeUndefined();
    expect(serverFieldError(new Error('reason'), 'reason')).toBeUndefined();
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { useLateDefaults } from './use-late-defaults.ts';

afterEach(cleanup);

type Values = { email: string; name: string; isDefault: boolean };

let submitted: Values | null = null;

/** A form on screen before its data: `defaults` comes later (null while "loading"). */
function LateForm({ defaults }: { defaults: Partial<Values> | null }) {
  const form = useForm<Values>({ defaultValues: { email: '', name: '', isDefault: false } });
  useLateDefaults(form, defaults);
  return (
    <form onSubmit={(e) => void form.handleSubmit((v) => (submitted = v))(e)}>
      <label>
        Email
        <input {...form.register('email')} />
      </label>
      <label>
        Name
        <input {...form.register('name')} />
      </label>
      <label>
        Default
        <input type="checkbox" {...form.register('isDefault')} />
      </label>
      <button type="submit">Save</button>
    </form>
  );
}

describe('useLateDefaults', () => {
  it('keeps what was typed before the defaults arrived and fills the untouched fields', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<LateForm defaults={null} />);
    await user.type(screen.getByLabelText('Email'), 'typed@example.com');

    // The data arrives (a slow page, a late URL read): it must not replace the typed e-mail.
    rerender(<LateForm defaults={{ email: 'late@example.com', name: 'Ada', isDefault: true }} />);
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Ada'));
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('typed@example.com');
    expect(screen.getByLabelText<HTMLInputElement>('Default').checked).toBe(true);

    submitted = null;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(submitted).toEqual({ email: 'typed@example.com', name: 'Ada', isDefault: true }),
    );
  });

  it('lets untouched fields follow newer defaults, but never a field emptied by the person', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<LateForm defaults={{ email: 'first@example.com', name: 'Ada' }} />);
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('first@example.com'),
    );
    await user.clear(screen.getByLabelText('Name'));

    rerender(<LateForm defaults={{ email: 'second@example.com', name: 'Grace' }} />);
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('second@example.com'),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('');
  });

  it('counts a field focused and left as touched, even with nothing typed', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<LateForm defaults={null} />);
    await user.click(screen.getByLabelText('Email'));
    await user.tab();

    rerender(<LateForm defaults={{ email: 'late@example.com', name: 'Ada' }} />);
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Ada'));
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('');
  });
});

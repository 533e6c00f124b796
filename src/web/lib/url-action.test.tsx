// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, useLocation } from './router.tsx';
import { UrlActionForm, useUrlAction } from './url-action.tsx';

afterEach(cleanup);

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="where">{pathname + search}</output>;
}

function Buy({ onOpen }: { onOpen: () => void }) {
  useUrlAction('buy-7', onOpen);
  return (
    <UrlActionForm action="buy-7">
      <button type="submit" onClick={onOpen}>
        Buy Now
      </button>
    </UrlActionForm>
  );
}

describe('UrlActionForm', () => {
  it('is a GET form to the same page that keeps its query and names the action', () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/uid?UID=04AB&action=old']}>
        <Buy onOpen={() => {}} />
      </MemoryRouter>,
    );
    const form = container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/uid');
    expect(new URLSearchParams(new FormData(form) as unknown as string).toString()).toBe(
      'UID=04AB&action=buy-7',
    );
  });

  it('after hydration runs the click handler and does not submit', async () => {
    const onOpen = vi.fn();
    const submitted = vi.fn();
    render(
      <MemoryRouter initialEntries={['/artchip/a/b']}>
        <div onSubmit={submitted}>
          <Buy onOpen={onOpen} />
        </div>
        <Where />
      </MemoryRouter>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(submitted.mock.calls[0]![0].defaultPrevented).toBe(true);
    expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/artchip/a/b');
  });
});

describe('useUrlAction', () => {
  it('runs the action a tap before hydration asked for, once, and takes it out of the address', () => {
    const onOpen = vi.fn();
    render(
      <MemoryRouter initialEntries={['/artchip/a/b?ref=x&action=buy-7']}>
        <Buy onOpen={onOpen} />
        <Where />
      </MemoryRouter>,
    );
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/artchip/a/b?ref=x');
  });

  it('leaves another chip’s action alone', () => {
    const onOpen = vi.fn();
    render(
      <MemoryRouter initialEntries={['/gallery/a?action=buy-8']}>
        <Buy onOpen={onOpen} />
        <Where />
      </MemoryRouter>,
    );
    expect(onOpen).not.toHaveBeenCalled();
    expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/gallery/a?action=buy-8');
  });
});

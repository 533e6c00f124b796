// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '#web/lib/testing.tsx';
import { COPY_CONFIRMATION_MS, COPY_FAILED_MESSAGE, ShareButton } from './share-button.tsx';

const original = {
  share: Object.getOwnPropertyDescriptor(navigator, 'share')?.value as unknown,
  clipboard: Object.getOwnPropertyDescriptor(navigator, 'clipboard')?.value as unknown,
};

function stubNavigator(values: { share?: unknown; clipboard?: unknown }) {
  Object.defineProperty(navigator, 'share', { value: values.share, configurable: true });
  Object.defineProperty(navigator, 'clipboard', { value: values.clipboard, configurable: true });
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  stubNavigator(original);
});

const press = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Share Harbor Lights' }));
    await Promise.resolve();
  });
};

describe('ShareButton', () => {
  it("opens the device's share sheet with the title and link where the browser has one", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const writeText = vi.fn();
    stubNavigator({ share, clipboard: { writeText } });
    renderWithApp(
      <ShareButton title="Harbor Lights" text="A chip" url="https://x.example/a" subject="Harbor Lights" />,
    );
    await press();
    expect(share).toHaveBeenCalledWith({
      title: 'Harbor Lights',
      text: 'A chip',
      url: 'https://x.example/a',
    });
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('copies the page link instead, and says "Link copied" for 2 seconds', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn().mockResolvedValue(undefined);
    stubNavigator({ share: undefined, clipboard: { writeText } });
    renderWithApp(<ShareButton title="Harbor Lights" subject="Harbor Lights" />);
    await press();
    expect(writeText).toHaveBeenCalledWith(window.location.href);
    expect(screen.getByRole('status').textContent).toBe('Link copied');
    expect(screen.getByRole('button').textContent).toBe('Link copied');
    act(() => {
      vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 1);
    });
    expect(screen.getByRole('status').textContent).toBe('Link copied');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.getByRole('button', { name: 'Share Harbor Lights' })).toBeTruthy();
  });

  it('says so when the clipboard refuses (spec §8)', async () => {
    stubNavigator({
      share: undefined,
      clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
    });
    renderWithApp(<ShareButton title="Harbor Lights" subject="Harbor Lights" />);
    await press();
    expect(await screen.findByText(COPY_FAILED_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Share Harbor Lights' })).toBeTruthy();
  });

  it('does nothing more when the person closes the share sheet', async () => {
    const writeText = vi.fn();
    stubNavigator({
      share: vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError')),
      clipboard: { writeText },
    });
    renderWithApp(<ShareButton title="Harbor Lights" subject="Harbor Lights" />);
    await press();
    await act(async () => Promise.resolve());
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderWithApp } from '#web/lib/testing.tsx';
import { parseRichText, RichText, safeHref } from './rich-text.tsx';

afterEach(cleanup);

describe('parseRichText', () => {
  it('reads headings, paragraphs with their line breaks, and both kinds of list', () => {
    const text = [
      '# Title',
      'First line',
      'second line',
      '',
      '### Sub',
      '- one',
      '* two',
      '1. first',
      '2) second',
      '',
      '',
      'After',
    ].join('\r\n');
    expect(parseRichText(text)).toEqual([
      { type: 'heading', level: 2, text: 'Title' },
      { type: 'paragraph', lines: ['First line', 'second line'] },
      { type: 'heading', level: 3, text: 'Sub' },
      { type: 'list', ordered: false, items: ['one', 'two'] },
      { type: 'list', ordered: true, items: ['first', 'second'] },
      { type: 'paragraph', lines: ['After'] },
    ]);
  });

  it('treats a line that only looks like markup as text', () => {
    expect(parseRichText('#hashtag\n-dash\n2024. A year')).toEqual([
      { type: 'paragraph', lines: ['#hashtag', '-dash'] },
      { type: 'list', ordered: true, items: ['A year'] },
    ]);
  });
});

describe('safeHref', () => {
  it.each([
    ['https://example.com/a?b=c', 'https://example.com/a?b=c'],
    ['mailto:help@example.com', 'mailto:help@example.com'],
    ['/contact', '/contact'],
    ['javascript:alert(1)', null],
    ['//evil.example', null],
    ['data:text/html,hi', null],
    ['example.com', null],
  ])('%s → %s', (url, expected) => {
    expect(safeHref(url)).toBe(expected);
  });
});

describe('RichText', () => {
  it('renders headings, lists, bold and links, internal links in the app', () => {
    renderWithApp(
      <RichText
        text={
          '## Rights\n\nAsk us on the [contact page](/contact) or [mail](mailto:a@b.example).\n\n- **Bold** item'
        }
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Rights' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'contact page' }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('link', { name: 'mail' }).getAttribute('href')).toBe('mailto:a@b.example');
    expect(screen.getByRole('listitem').querySelector('strong')?.textContent).toBe('Bold');
  });

  it('shows typed HTML as text and drops unsafe link targets, keeping their label', () => {
    const { container } = renderWithApp(
      <RichText
        text={'<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n[click](javascript:void0)'}
      />,
    );
    expect(container.querySelector('script, img')).toBeNull();
    expect(screen.getByText('<script>alert(1)</script> <img src=x onerror=alert(1)>')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('click')).toBeTruthy();
  });
});

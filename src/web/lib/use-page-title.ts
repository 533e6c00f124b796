import { useEffect } from 'react';
import { pageTitle } from '#shared/brand.ts';

/** Sets document.title from the brand module. */
export function usePageTitle(part?: string): void {
  useEffect(() => {
    document.title = pageTitle(part);
  }, [part]);
}

import { useEffect, useRef } from 'react';

/**
 * A file opened under an admin queue (a case, a dispute) is brought into view once its data has
 * loaded, and again when another one is opened: a phone shows one screen of the queue's table.
 * Put the returned ref on the file's heading.
 */
export function useRevealWhenLoaded<T extends HTMLElement>(openedId: number, isLoaded: boolean) {
  const heading = useRef<T>(null);
  useEffect(() => {
    if (isLoaded) heading.current?.scrollIntoView?.({ block: 'start' });
  }, [openedId, isLoaded]);
  return heading;
}

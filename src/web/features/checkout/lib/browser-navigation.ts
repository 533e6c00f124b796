/** Full-page navigation (to another site, or to a server route); a seam so component tests can observe it. */
export function assignLocation(url: string): void {
  window.location.assign(url);
}

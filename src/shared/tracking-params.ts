/**
 * Parameters that only say where a visitor came from: the affiliate code (`ref`, which the web app keeps
 * for sign-up from the address bar: layout.tsx) and campaign tags (`utm_*`). They never change what a
 * page or an API answer shows, so the public cache keys without them and pages are rendered without
 * them (docs/decisions/078-cache-keys-and-finer-invalidation.md).
 */
export function isTrackingParam(name: string): boolean {
  return name === 'ref' || name.startsWith('utm_');
}

/**
 * `url` (a path with an optional query, or a query alone starting with `?`) without its tracking
 * parameters; every other parameter stays as it came, in its order and spelling (`/uid?123` stays bare).
 */
export function withoutTrackingParams(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const hashAt = url.indexOf('#', at);
  const query = url.slice(at + 1, hashAt < 0 ? undefined : hashAt);
  const hash = hashAt < 0 ? '' : url.slice(hashAt);
  const kept = query.split('&').filter((part) => {
    if (part === '') return false;
    const name = part.split('=', 1)[0]!.replace(/\+/g, ' ');
    try {
      return !isTrackingParam(decodeURIComponent(name));
    } catch {
      return true;
    }
  });
  return `${url.slice(0, at)}${kept.length > 0 ? `?${kept.join('&')}` : ''}${hash}`;
}

import { api } from '#web/lib/api-client.ts';

/** GET /api/admin/production-sheet?chipIds=… | ?orderId=…: the print-ready HTML (admin bearer token). */
async function getProductionSheet(query: { chipIds: number[] } | { orderId: number }): Promise<string> {
  const search = 'orderId' in query ? `orderId=${query.orderId}` : `chipIds=${query.chipIds.join(',')}`;
  return api<string>(`/api/admin/production-sheet?${search}`);
}

/**
 * Opens the sheet in a new tab as a blob URL (the route needs the bearer token, so a plain link cannot load it).
 * The tab is opened before the request so popup blockers see the click.
 */
export async function openProductionSheet(query: { chipIds: number[] } | { orderId: number }): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const html = await getProductionSheet(query);
    const url = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    // The tab has loaded the document by then; free the blob.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (err) {
    tab?.close();
    throw err;
  }
}

/**
 * The media feature's public face: other features reach it only through these (a lint rule
 * enforces it). Uploads are re-encoded and stored here; other features keep the returned rows.
 */
export { readImageField } from './media.multipart.ts';
export { findMediaByHash, findMediaByIds, type MediaRow } from './media.repo.ts';
export { assertUploadAllowed, processUpload } from './media.service.ts';
export { toMediaUploadResult } from './media.service.ts';
export { MEDIA_CACHE_CONTROL, MEDIA_NAME_PATTERN, getMediaStorage } from './media.storage.ts';
export { placedDiscKey, renderPlacedDisc, type PlacedDisc } from './media.disc.service.ts';

/**
 * The nfc feature's public face: other features reach it only through these (a lint rule enforces it).
 * A handover by tap checks the owner's opening tap against the chip's tag and its counter.
 */
export { findChipTagCounter } from './nfc.service.ts';
export {
  getChipNfcTag,
  listChipTaps,
  provisionNfcTag,
  resetNfcCounter,
  setNfcTag,
} from './nfc-admin.service.ts';
export { nfcKeyringFor, type NfcKeyring } from './nfc-keys.ts';
export { getChipQrPng, getChipQrSvg, renderProductionSheet } from './nfc-print.service.ts';
export { getTapHistory, verifyTap } from './nfc.service.ts';

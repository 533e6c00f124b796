/**
 * The nfc feature's public face: other features reach it only through these (a lint rule enforces it).
 * A handover by tap starts from the chip's tag counter.
 */
export { findChipTagCounter } from './nfc.service.ts';

import type { NfcTagMode } from '#shared/nfc.schemas.ts';

/*
 * The NDEF file a tag is programmed with and the SDM offsets that go with it (NT4H2421Gx §9.3, AN12196 §6.7).
 * Offsets count from the first byte of the NDEF file, i.e. including the 2-byte NLEN and the record header.
 */

/** Placeholders in the human-readable template. */
const PICC_PLACEHOLDER = '{PICCData}';
const MAC_PLACEHOLDER = '{MAC}';
/** PICCData placeholder width: one AES block, or PICCRand(8) + one block in LRP mode. */
const PICC_HEX_CHARS: Record<NfcTagMode, number> = { AES: 32, LRP: 48 };
const MAC_HEX_CHARS = 16;

/** NDEF file 02 of an NTAG 424 DNA holds 256 bytes. */
const NDEF_FILE_BYTES = 256;

// URI identifier codes (NFC Forum URI RTD): the scheme is stored as one byte, never as text.
const URI_PREFIXES: readonly [string, number][] = [
  ['https://', 0x04],
  ['http://', 0x03],
];

// Short record: MB|ME|SR, TNF=1 (well-known) = D1; type length 1; payload length (1 byte); type 'U'.
const SHORT_RECORD_HEADER_BYTES = 4;
const NLEN_BYTES = 2;

export type SdmTemplate = {
  urlTemplate: string;
  ndefUrl: string;
  ndefFileHex: string;
  piccDataOffset: number;
  sdmMacInputOffset: number;
  sdmMacOffset: number;
};

/** The tap URL for this site: `${publicUrl}/?picc_data={PICCData}&cmac={MAC}` (MAC over the empty string). */
export function sunUrlTemplate(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/?picc_data=${PICC_PLACEHOLDER}&cmac=${MAC_PLACEHOLDER}`;
}

/** Builds the NDEF file and offsets for a template; throws RangeError if it does not fit the tag. */
export function buildSdmTemplate(urlTemplate: string, mode: NfcTagMode = 'AES'): SdmTemplate {
  const piccHexChars = PICC_HEX_CHARS[mode];
  if (!urlTemplate.includes(PICC_PLACEHOLDER) || !urlTemplate.includes(MAC_PLACEHOLDER)) {
    throw new RangeError(`URL template needs ${PICC_PLACEHOLDER} and ${MAC_PLACEHOLDER}`);
  }
  if (urlTemplate.indexOf(PICC_PLACEHOLDER) > urlTemplate.indexOf(MAC_PLACEHOLDER)) {
    throw new RangeError(`${PICC_PLACEHOLDER} must come before ${MAC_PLACEHOLDER}`);
  }
  const ndefUrl = urlTemplate
    .replace(PICC_PLACEHOLDER, '0'.repeat(piccHexChars))
    .replace(MAC_PLACEHOLDER, '0'.repeat(MAC_HEX_CHARS));
  const [scheme, code] = URI_PREFIXES.find(([p]) => ndefUrl.startsWith(p)) ?? ['', 0x00];
  const uriText = Buffer.from(ndefUrl.slice(scheme.length), 'ascii');
  const payloadLength = 1 + uriText.length;
  const recordLength = SHORT_RECORD_HEADER_BYTES + payloadLength;
  if (payloadLength > 255 || NLEN_BYTES + recordLength > NDEF_FILE_BYTES) {
    throw new RangeError(`the tap URL is too long for the tag's ${NDEF_FILE_BYTES}-byte NDEF file`);
  }
  const file = Buffer.concat([
    Buffer.from([recordLength >> 8, recordLength & 0xff, 0xd1, 0x01, payloadLength, 0x55, code]),
    uriText,
  ]);
  const uriStart = NLEN_BYTES + SHORT_RECORD_HEADER_BYTES + 1;
  // Offsets inside the text without the scheme: the placeholder positions of the template shift by the
  // same amount, and the PICCData placeholder comes first.
  const textTemplate = urlTemplate.slice(scheme.length);
  const piccAt = textTemplate.indexOf(PICC_PLACEHOLDER);
  const macAt = textTemplate.indexOf(MAC_PLACEHOLDER) - PICC_PLACEHOLDER.length + piccHexChars;
  return {
    urlTemplate,
    ndefUrl,
    ndefFileHex: file.toString('hex').toUpperCase(),
    piccDataOffset: uriStart + piccAt,
    sdmMacInputOffset: uriStart + macAt,
    sdmMacOffset: uriStart + macAt,
  };
}

/** The UID of a legacy NFC link: `/?UID=04A1B2C3D4E5F6` (the parameter in either letter case). */
export function readLegacyNfcUid(params: URLSearchParams): string {
  return (params.get('UID') ?? params.get('uid') ?? '').trim();
}

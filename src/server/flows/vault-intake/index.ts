/** Back into the vault by tap (issue 28): the admin's intake, which needs both the nfc and chips modules. */
export { intakeChip } from './intake-by-tap.service.ts';

import { describe, expect, it } from 'vitest';
import { VAULT_INTAKE_NONE_MESSAGE, VAULT_INTAKE_STATUSES } from '#shared/vault-intakes.schemas.ts';
import { newIntakeReference, refuseIntakeMove } from './vault-intake-lifecycle.ts';

describe('the inbound shipment state machine', () => {
  it('allows each move only from its states', () => {
    const allowed = (move: Parameters<typeof refuseIntakeMove>[1]) =>
      VAULT_INTAKE_STATUSES.filter((status) => refuseIntakeMove({ status }, move) === null);
    expect(allowed('receive')).toEqual(['awaiting_arrival']);
    expect(allowed('check_in')).toEqual(['awaiting_arrival', 'received']);
    expect(allowed('refuse')).toEqual(['awaiting_arrival', 'received']);
    expect(allowed('cancel')).toEqual(['awaiting_arrival']);
  });

  it('says why a move cannot start', () => {
    expect(refuseIntakeMove(null, 'check_in')).toBe(VAULT_INTAKE_NONE_MESSAGE);
    expect(refuseIntakeMove({ status: 'in_vault' }, 'refuse')).toBe(VAULT_INTAKE_NONE_MESSAGE);
    expect(refuseIntakeMove({ status: 'received' }, 'cancel')).toMatch(/can no longer be cancelled/);
    expect(refuseIntakeMove({ status: 'received' }, 'receive')).toMatch(/already marked received/);
  });

  it('makes short references from an unambiguous alphabet, different each time', () => {
    const refs = Array.from({ length: 200 }, newIntakeReference);
    for (const ref of refs) expect(ref).toMatch(/^VAULT-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(new Set(refs).size).toBe(refs.length);
  });
});

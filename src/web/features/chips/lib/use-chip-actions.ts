import type { Chip, ChipActions } from '#shared/chips.schemas.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { actionsForViewer, chipOwnerId } from './chip-format.ts';

/** The chip's actions for the signed-in viewer (own chips never offer Buy or Offer), and whether it is theirs. */
export function useChipActions(chip: Pick<Chip, 'actions' | 'ownerId' | 'creatorId'>): {
  actions: ChipActions;
  isOwn: boolean;
} {
  const { user } = useAuth();
  const viewerId = user?.id ?? null;
  return {
    actions: actionsForViewer(chip, viewerId),
    isOwn: viewerId !== null && chipOwnerId(chip) === viewerId,
  };
}

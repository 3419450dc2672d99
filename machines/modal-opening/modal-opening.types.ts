import type { User } from '../../domain/api-types.ts';
import type { SessionReport } from '../session/session-reports.ts';
import type { ModalStep, ModalType, Offer, Place } from '../signup-modal/signup-modal.types.ts';

export interface ModalOpeningInput {
  /** Signup by default. */
  modalType?: ModalType;
  /** Step 1 by default. */
  step?: ModalStep;
}

/** What is on sale where the modal opens, and the place (the address's parameters). */
export interface OfferAndPlace {
  offer: Offer;
  place: Place;
}

export interface ModalOpeningContext {
  modalType: ModalType;
  step: ModalStep | null;
  offerAndPlace: OfferAndPlace | null;
  /** The session's latest report: whether the member is known, and who they are. */
  member: { known: boolean; user: User | null };
}

export type ModalOpeningEvent = SessionReport;

import type { Address, AddressInput } from '../address/address.types.ts';
import type { SessionReport } from '../session/session-reports.ts';
import type { ModalStep, ModalType } from '../signup-modal/signup-modal.types.ts';

/** Where the app starts: the address, and whether a member is stored. */
export type AppInput = AddressInput;

export interface AppContext extends AppInput {
  /** Whether the address machine was last told a member is signed in; null until the session settles. */
  reportedSignedIn: boolean | null;
}

export type AppEvent =
  | SessionReport
  | ({ type: 'address.changed' } & Address)
  | { type: 'modal.requested'; modalType: ModalType; step?: ModalStep }
  /** The member pressed Logout. */
  | { type: 'logout.requested' };

/** What the address bar says, as far as the flows care. */
export interface Address {
  path: string;
  /** The single-purpose token of an emailed link (`?token=`). */
  token: string | null;
  /** `openModal=true` or `verified=true`: an emailed link that opens the signup modal. */
  opensModal: boolean;
  /** The page is for members only (the profile area, /email-verified). */
  needsMember: boolean;
}

export interface AddressInput {
  address: Address;
  /** Whether a member is signed in (or stored, before the session has checked). */
  signedIn: boolean;
}

export interface AddressContext extends AddressInput {
  /** The login modal has been offered on this members-only area already; it is not offered twice. */
  askedToLogIn: boolean;
}

export type AddressEvent =
  | ({ type: 'address.changed' } & Address)
  | { type: 'member.changed'; signedIn: boolean }
  /** A plan chosen from the prices on a page (Home's): its price id, for `?plan=`. */
  | { type: 'plan.chosen'; plan: string };

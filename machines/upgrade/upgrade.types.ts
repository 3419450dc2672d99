export interface UpgradeInput {
  /** The member's current plan type, lowercased: monthly, quarterly, annual… */
  planType: string | null;
  /** The annual plan offered as the upgrade; null when the trainer sells none. */
  annualPlanId: string | null;
}

export interface UpgradeContext extends UpgradeInput {
  choice: 'upgrade' | 'continue' | null;
}

export type UpgradeEvent =
  | { type: 'upgrade.accept' }
  | { type: 'upgrade.decline' }
  | { type: 'upgrade.continue' };

/** The annual plan to check out when the member upgraded, else null: proceed with what they have. */
export interface UpgradeOutput {
  plan: string | null;
}

// Who may call each studio operation (decision 143): anyone (the steps before a session), any staff
// member, or an owner. A studio operation of the contract without its right here does not compile.
import type { OperationId } from '../http/contract.ts';

export type StudioOperation = Extract<OperationId, `studio${string}`>;
/** Who may call an operation: anyone (the steps before a session), any staff member, or an owner. */
export type Right = 'public' | 'staff' | 'owner';

/** Every studio operation of the contract with its right: one missing here does not compile. */
export const STUDIO_RIGHTS: Record<StudioOperation, Right> = {
  studioPasskeySignInOptions: 'public',
  studioPasskeySignIn: 'public',
  studioRequestSignInLink: 'public',
  studioVerifySignInLink: 'public',
  studioGetInvite: 'public',
  studioInvitePasskeyOptions: 'public',
  studioAcceptInvite: 'public',
  studioMe: 'staff',
  studioSignOut: 'staff',
  studioListSessions: 'staff',
  studioRevokeSession: 'staff',
  studioListPasskeys: 'staff',
  studioAddPasskeyOptions: 'staff',
  studioAddPasskey: 'staff',
  studioRemovePasskey: 'staff',
  studioListStaff: 'owner',
  studioInviteStaff: 'owner',
  studioRemoveStaff: 'owner',
  studioChangeStaffRole: 'owner',
  studioListMembers: 'staff',
  studioGetMember: 'staff',
  studioGrantAccess: 'staff',
  studioRevokeGrant: 'staff',
  studioPreviewRefund: 'owner',
  studioRefundCharge: 'owner',
  studioPreviewCancel: 'owner',
  studioCancelSubscription: 'owner',
  studioListPlans: 'staff',
  studioAddPlan: 'owner',
  studioUpdatePlan: 'owner',
  studioArchivePlan: 'owner',
  studioListProducts: 'staff',
  studioAddProduct: 'owner',
  studioUpdateProduct: 'owner',
  studioArchiveProduct: 'owner',
  studioListCoupons: 'staff',
  studioAddCoupon: 'owner',
  studioArchiveCoupon: 'owner',
  studioListAudit: 'staff',
  // Both roles read the figures.
  studioMetrics: 'staff',
};

// Who calls the studio (decision 142): a staff member of one trainer, with their role, and the
// session the call is made with. The studio's operations act for that trainer only.
import type { StaffRole } from '../db/schema.ts';

/** A signed-in staff member of the trainer's studio, acting for their own trainer only. */
export interface StaffCaller {
  kind: 'staff';
  staffId: string;
  trainerId: string;
  name: string;
  email: string;
  role: StaffRole;
}

/** The staff member a studio call is made by, and the session it is made with. */
export interface StaffAuth {
  kind: 'staff';
  caller: StaffCaller;
  sessionId: string;
  trainerName: string;
}

import { createContext, useContext } from 'react';
import type { components } from '../../openapi/schema.d.ts';

export type Staff = components['schemas']['StudioStaff'];

export const StaffContext = createContext<Staff | null>(null);

/** The signed-in staff member, inside the staff layout. */
export function useStaff(): Staff {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff outside the staff layout');
  return staff;
}

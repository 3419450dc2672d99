// The flows the modal's components read; given once by the modal's root.
import { createContext, useContext } from 'react';
import type { AppFlows } from '../../flows/app-session.tsx';

export const FlowsContext = createContext<AppFlows | null>(null);

export function useFlows() {
  const flows = useContext(FlowsContext);
  if (!flows) throw new Error('the signup modal needs its flows');
  return flows;
}

export function useModalActor() {
  return useFlows().signupModal;
}

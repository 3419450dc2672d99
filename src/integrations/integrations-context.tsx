// The page's services, for the few screens that send something themselves (the page view, the error
// screen); the flows receive theirs when they start.
import { createContext, type ReactNode, useContext } from 'react';
import { noServices, type Services } from './integrations.ts';

const ServicesContext = createContext<Services>(noServices);

export function ServicesProvider({ value, children }: { value: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={value}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  return useContext(ServicesContext);
}

// How the other actors of the app's system follow the session: by its system id, the XState way,
// rather than by glue outside the charts subscribing to one actor and sending to another.
import { type ActorRefFrom, fromCallback, type SnapshotFrom } from 'xstate';
import type { User } from '../../domain/api-types.ts';
import type { sessionMachine } from './session.machine.ts';

/** Where the session stands, as the app's wiring reads it. */
export interface SessionReport {
  type: 'session.changed';
  /** The stored member has been checked with the server: signed in, signed out or signing out. */
  settled: boolean;
  /**
   * Who the member is can be relied on: settled, or the server cannot be asked for now and the
   * stored copy stands, as on every screen.
   */
  known: boolean;
  /** The member as the screens show them: the session's user, or the stored copy while it stands. */
  user: User | null;
}

export function reportOf(snapshot: SnapshotFrom<typeof sessionMachine>): SessionReport {
  const settled =
    snapshot.matches('signedIn') || snapshot.matches('signedOut') || snapshot.matches('signingOut');
  const recheck = snapshot.matches('waitingToRecheck');
  return {
    type: 'session.changed',
    settled,
    known: settled || recheck,
    user: snapshot.context.user ?? (recheck ? snapshot.context.stored : null),
  };
}

/**
 * An invoked actor that reports the system's session (`systemId: 'session'`) to its parent: where it
 * stands now, then each change. Without a session in the system it reports nothing.
 */
export const sessionReports = fromCallback<{ type: string }>(({ system, sendBack }) => {
  const session = system.get('session') as ActorRefFrom<typeof sessionMachine> | undefined;
  if (!session) return;
  const report = (snapshot: SnapshotFrom<typeof sessionMachine>) => sendBack(reportOf(snapshot));
  report(session.getSnapshot());
  const subscription = session.subscribe(report);
  return () => subscription.unsubscribe();
});

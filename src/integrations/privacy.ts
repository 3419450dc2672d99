// A visitor who asks not to be tracked (Global Privacy Control, or the older Do Not Track) gets no
// analytics and no engagement messages. Error reports still go, without who they are: the site needs
// them to run.

interface PrivacySignals {
  globalPrivacyControl?: boolean;
  doNotTrack?: string | null;
}

export function refusesTracking(
  navigator: PrivacySignals | undefined = globalThis.navigator as PrivacySignals | undefined,
  window: PrivacySignals | undefined = globalThis.window as PrivacySignals | undefined,
): boolean {
  return (
    navigator?.globalPrivacyControl === true || navigator?.doNotTrack === '1' || window?.doNotTrack === '1'
  );
}

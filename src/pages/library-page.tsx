// The members' area as the router loads it: the library's screens with the library player, whose
// effects the flows provide (decision 020). The router loads only this small module; it fetches the
// screens and the player itself, so none of their files are named by the public first load
// (decision 140).
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

const Area = lazy(() =>
  Promise.all([import('../screens/library/library-area.tsx'), import('../flows/library-player.ts')]).then(
    ([area, flows]) => ({ default: () => <area.LibraryArea player={flows.provideLibraryPlayer} /> }),
  ),
);

export function LibraryPage() {
  const { t } = useTranslation();
  return (
    // As tall as the frame that follows (library-frame.tsx), so the footer never rises into view and back.
    <Suspense
      fallback={
        <div role="status" style={{ minHeight: '100vh', padding: 'var(--mantine-spacing-xl)' }}>
          {t('content.loading')}
        </div>
      }
    >
      <Area />
    </Suspense>
  );
}

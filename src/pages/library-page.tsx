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
    <Suspense fallback={<span role="status">{t('content.loading')}</span>}>
      <Area />
    </Suspense>
  );
}

import { useEffect } from 'react';
import { useSiteSettings } from './site-settings.ts';

export function documentTitle(siteName: string, name?: string | null): string {
  return name ? `${name} | ${siteName}` : siteName;
}

/** Sets the tab title to "<name> | <trainer>", or the trainer's name alone. */
export function useDocumentTitle(name: string | null | undefined, enabled = true): void {
  const { siteName } = useSiteSettings();
  useEffect(() => {
    if (enabled) document.title = documentTitle(siteName, name);
  }, [siteName, name, enabled]);
}

import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { noServices } from '../../../src/integrations/integrations.ts';
import { ServicesProvider } from '../../../src/integrations/integrations-context.tsx';
import { ErrorBoundary } from '../../../src/screens/error/error-screen.tsx';
import { createI18n } from '../../../src/text/i18n.ts';

function Broken(): never {
  throw new Error('The plan list could not be drawn');
}

async function renderBroken(locale: 'en' | 'es') {
  const report = vi.fn();
  const i18n = await createI18n(locale);
  // React logs the caught error; the test is about what the member sees and what is reported.
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <ServicesProvider value={{ ...noServices, errors: { ...noServices.errors, report } }}>
      <I18nextProvider i18n={i18n}>
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>
      </I18nextProvider>
    </ServicesProvider>,
  );
  quiet.mockRestore();
  return report;
}

describe('the error screen', () => {
  it('replaces a screen that failed to render, offers a reload, and reports the failure once with where it happened', async () => {
    const report = await renderBroken('en');
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(report).toHaveBeenCalledOnce();
    const [error, details] = report.mock.calls[0] ?? [];
    expect((error as Error).message).toBe('The plan list could not be drawn');
    expect(details.componentStack).toContain('Broken');
  });

  it('speaks Spanish to a Spanish reader', async () => {
    await renderBroken('es');
    expect(screen.getByRole('heading', { name: 'Algo salió mal' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recargar la página' })).toBeTruthy();
  });
});

// What a member sees when a screen fails to render: a plain, translated message and a reload button,
// instead of a blank page. The failure is reported once, when the screen appears. It is drawn without
// the design system, since the failure may be in the theme or the providers themselves.
import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../integrations/integrations-context.tsx';
import classes from './error-screen.module.css';

/** An error is reported once, however often its screen renders and whichever boundary caught it. */
const reported = new WeakSet<object>();

export function ErrorScreen({ error, info }: { error: unknown; info?: { componentStack?: string | null } }) {
  const { t } = useTranslation();
  const { errors } = useServices();
  useEffect(() => {
    if (typeof error === 'object' && error !== null) {
      if (reported.has(error)) return;
      reported.add(error);
    }
    errors.report(error, { componentStack: info?.componentStack ?? null });
  }, [errors, error, info]);
  return (
    <div className={classes.screen} role="alert">
      <h1 className={classes.title}>{t('errorScreen.title')}</h1>
      <p className={classes.body}>{t('errorScreen.body')}</p>
      <button type="button" className={classes.reload} onClick={() => globalThis.location.reload()}>
        {t('errorScreen.reload')}
      </button>
    </div>
  );
}

/** Catches what the router's own boundary does not: a failure in the shell around it. */
export class ErrorBoundary extends Component<
  { children: ReactNode },
  { failure: { error: unknown; info?: ErrorInfo } | null }
> {
  state: { failure: { error: unknown; info?: ErrorInfo } | null } = { failure: null };

  // Only componentDidCatch, so the screen first renders with the component stack its report carries.
  componentDidCatch(error: unknown, info: ErrorInfo) {
    this.setState({ failure: { error, info } });
  }

  render() {
    const { failure } = this.state;
    return failure ? <ErrorScreen error={failure.error} info={failure.info} /> : this.props.children;
  }
}

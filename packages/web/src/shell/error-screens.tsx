import { AlertTriangle } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { errorBody } from '../state/errors.js';
import { Button } from '../ui/button.js';

export interface ErrorScreenProps {
  /** page: 'Something went wrong' (Try Again, Go Home); app: 'Application Error' (Try Again, Refresh Page). */
  kind: 'page' | 'app';
  error?: unknown;
  onRetry?: () => void;
}

/** The two error screens of SPEC.md §2. */
export function ErrorScreen({ kind, error, onRetry }: ErrorScreenProps) {
  const title = kind === 'page' ? 'Something went wrong' : 'Application Error';
  const detail = error instanceof Error ? errorBody(error) : undefined;
  return (
    <div className="error-screen" role="alert">
      <div className="error-screen__icon">
        <AlertTriangle size={28} aria-hidden="true" />
      </div>
      <h1>{title}</h1>
      <p className="error-screen__text">
        {kind === 'page'
          ? 'This page hit a problem. Your saved work is safe.'
          : 'Reelbench stopped working. Your saved work is safe; refreshing the page usually fixes it.'}
      </p>
      {detail ? <pre className="error-screen__detail">{detail}</pre> : null}
      <div className="error-screen__actions">
        <Button variant="primary" onClick={() => (onRetry ? onRetry() : window.location.reload())}>
          Try Again
        </Button>
        {kind === 'page' ? (
          <Button variant="secondary" onClick={() => window.location.assign('/')}>
            Go Home
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => window.location.reload()}>
            Refresh Page
          </Button>
        )}
      </div>
    </div>
  );
}

/** Catches a render error anywhere below and shows the 'Application Error' screen. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <ErrorScreen kind="app" error={this.state.error} onRetry={() => this.setState({ error: null })} />
      );
    }
    return this.props.children;
  }
}

import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, buttonClass } from '../components/ui/button';
import { useT } from '../i18n/use-t';
import { commonMessages } from '../i18n/common';

interface Props {
  children: ReactNode;
  /** A new value (the path) clears a shown error, so navigating away recovers. */
  resetKey: string;
  /** Inside the app shell: a card in the main area instead of a whole page of its own. */
  inline?: boolean;
  /** Where "the way back" leads. */
  homeHref?: string;
  homeLabel?: string;
}

interface State {
  error: Error | null;
  resetKey: string;
}

/** Catches a screen that fails to load or render; keeps the router's well-known heading. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Screen failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const { inline = false, homeHref = '/', homeLabel } = this.props;
    return (
      <ErrorCard
        error={this.state.error}
        inline={inline}
        homeHref={homeHref}
        homeLabel={homeLabel}
      />
    );
  }
}

/** What a failed screen shows (a function, so it can read the words of the current language). */
function ErrorCard({
  error,
  inline,
  homeHref,
  homeLabel,
}: {
  error: Error;
  inline: boolean;
  homeHref: string;
  homeLabel: string | undefined;
}) {
  const tc = useT(commonMessages);
  // Inside the shell there is already a <main>; a second one would confuse landmarks.
  const Frame = inline ? 'div' : 'main';
  return (
    <Frame
      className={`flex items-center justify-center p-6 ${inline ? '' : 'min-h-screen bg-base-200'}`}
      role={inline ? 'alert' : undefined}
    >
      <div className="card bg-base-100 shadow-xl max-w-lg w-full">
        <div className="card-body">
          {inline ? (
            <h2 className="card-title text-2xl">{tc('error.title')}</h2>
          ) : (
            <h1 className="card-title text-2xl">{tc('error.title')}</h1>
          )}
          <p>{error.message || tc('error.fallback')}</p>
          <p>{tc('error.reloadHint')}</p>
          <div className="card-actions justify-end">
            <Button variant="ghost" onClick={() => window.location.reload()}>
              {tc('error.reload')}
            </Button>
            {/* A full load, so a stale or broken chunk is fetched afresh. */}
            <a href={homeHref} className={buttonClass()}>
              {homeLabel ?? tc('error.home')}
            </a>
          </div>
        </div>
      </div>
    </Frame>
  );
}

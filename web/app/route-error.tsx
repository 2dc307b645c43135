import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, buttonClass } from '../components/ui/button';

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
    const { inline = false, homeHref = '/', homeLabel = 'Back to home' } = this.props;
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
              <h2 className="card-title text-2xl">Unexpected Application Error!</h2>
            ) : (
              <h1 className="card-title text-2xl">Unexpected Application Error!</h1>
            )}
            <p>{this.state.error.message || 'Something went wrong.'}</p>
            <p>Reloading often helps, for instance after Canopy was updated.</p>
            <div className="card-actions justify-end">
              <Button variant="ghost" onClick={() => window.location.reload()}>
                Reload
              </Button>
              {/* A full load, so a stale or broken chunk is fetched afresh. */}
              <a href={homeHref} className={buttonClass()}>
                {homeLabel}
              </a>
            </div>
          </div>
        </div>
      </Frame>
    );
  }
}

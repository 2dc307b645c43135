import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Shown when a route fails to load or render; keeps the router's well-known heading. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Something went wrong.';
  return (
    <main className="min-h-screen flex items-center justify-center bg-base-200 p-6">
      <div className="card bg-base-100 shadow-xl max-w-lg w-full">
        <div className="card-body">
          <h1 className="card-title text-2xl">Unexpected Application Error!</h1>
          <p className="text-base-content/80">{detail}</p>
          <p>Reloading often helps, for instance after Canopy was updated.</p>
          <div className="card-actions justify-end">
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => window.location.reload()}
            >
              Reload
            </button>
            <Link to="/" className="btn btn-primary">
              Back to home
            </Link>
          </div>
        </div>
      </div>
    </main>
  );
}

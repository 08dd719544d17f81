// What a route shows when it cannot be shown: above all a screen whose code could not be fetched
// (offline before the app was saved, or a connection that dropped), which gets a calm message and
// Retry instead of the router's developer error screen.
import { useRouteError } from 'react-router-dom';
import { paths } from '../lib/paths.ts';

/** Messages browsers and Vite give when a lazily loaded module or its stylesheet cannot load. */
const CHUNK_LOAD_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically|Unable to preload CSS|Failed to fetch/i;

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}

export function RouteError() {
  const error = useRouteError();
  const offline = isChunkLoadError(error) || !navigator.onLine;
  if (!offline) console.error('[route]', error);
  return (
    <div className="page empty-state" role="alert" data-testid="route-error">
      <h1>{offline ? 'This page is not available offline yet' : 'Something went wrong'}</h1>
      <p>
        {offline
          ? 'This part of the app has not been saved on this device yet and the connection is down. Check your connection and try again.'
          : 'This page could not be shown. Please try again.'}
      </p>
      <p>
        {/* A full load: the browser (or the saved app) fetches the screen's files afresh. */}
        <button type="button" onClick={() => location.reload()}>
          Retry
        </button>{' '}
        or go to <a href={paths.home}>the home page</a>.
      </p>
    </div>
  );
}

import { Link } from 'react-router-dom';
import { paths } from '../lib/paths.ts';

export function NotFoundPage() {
  return (
    <div className="page empty-state">
      <h1>Page not found</h1>
      <p>There is nothing at this address.</p>
      <Link to={paths.home}>Go to the home page</Link>
    </div>
  );
}

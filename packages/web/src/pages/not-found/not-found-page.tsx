import { Link } from '@tanstack/react-router';
import { Compass } from 'lucide-react';

/** Any other path (and an unknown product inside a project). */
export function NotFoundPage() {
  return (
    <div className="not-found">
      <Compass size={32} aria-hidden="true" />
      <h1>Page not found</h1>
      <p>There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <Link to="/" className="btn btn--primary btn--md">
        Go to projects
      </Link>
    </div>
  );
}

import { useParams } from '@tanstack/react-router';
import { PRODUCTS } from '../products.js';
import { NotFoundPage } from './not-found-page.js';
import { UpcomingPage } from './upcoming-page.js';

/** /project/{id}/{product}: storyboard, timeline, shot-lab, editor or media; anything else is not found. */
export function ProductPage() {
  const { product } = useParams({ from: '/guarded/project/$projectId/$product' });
  if (!(PRODUCTS as readonly string[]).includes(product)) return <NotFoundPage />;
  return <UpcomingPage page={product} />;
}

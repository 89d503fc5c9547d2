/** The production views of the {product} route (UI.md): each is a route /project/{id}/{product}. */
export const PRODUCTS = ['storyboard', 'timeline', 'shot-lab', 'editor', 'media'] as const;
export type Product = (typeof PRODUCTS)[number];

/**
 * The shot views: the pages that show every shot of the project. Their route starts loading the
 * shots (2,000 on a feature) as it is entered, beside the page's code.
 */
export const SHOT_VIEWS: readonly string[] = ['storyboard', 'timeline', 'shot-lab', 'media', 'shots'];

/** Whether /project/{id}/{page}… is a shot view. */
export function isShotViewPath(pathname: string): boolean {
  return SHOT_VIEWS.includes(pathname.split('/')[3] ?? '');
}

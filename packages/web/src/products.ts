/** The production views of the {product} route (UI.md). */
export const PRODUCTS = ['storyboard', 'timeline', 'shot-lab', 'editor', 'media'] as const;
export type Product = (typeof PRODUCTS)[number];

/** The pages outside the auth guard (SPEC.md §2): the repository page and the review-by-token page. */
export { RepositoryPage } from '../review/repository-page.js';
export { ReviewPage } from '../review/review-page.js';

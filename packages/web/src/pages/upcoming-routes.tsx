import { UpcomingPage } from './upcoming-page.js';

/** The route table's pages whose own issues are still open (styles). */
export const StylesUpcoming = () => <UpcomingPage page="styles" />;

import { UpcomingPage } from './upcoming-page.js';

/** The route table's pages whose own issues are still open (assets, styles). */
export const AssetsUpcoming = () => <UpcomingPage page="assets" />;
export const AssetUpcoming = () => <UpcomingPage page="asset" />;
export const StylesUpcoming = () => <UpcomingPage page="styles" />;

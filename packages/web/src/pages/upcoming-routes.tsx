import { UpcomingPage } from './upcoming-page.js';

/** The route table's pages whose own issues are still open (assets, audio, rough cut). */
export const AssetsUpcoming = () => <UpcomingPage page="assets" />;
export const AssetUpcoming = () => <UpcomingPage page="asset" />;
export const AudioUpcoming = () => <UpcomingPage page="audio" />;
export const RoughCutUpcoming = () => <UpcomingPage page="rough-cut" />;

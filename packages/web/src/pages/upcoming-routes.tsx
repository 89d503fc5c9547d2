import { UpcomingPage } from './upcoming-page.js';

/** The route table's pages whose own issues are still open (styles, audio, rough cut). */
export const StylesUpcoming = () => <UpcomingPage page="styles" />;
export const AudioUpcoming = () => <UpcomingPage page="audio" />;
export const RoughCutUpcoming = () => <UpcomingPage page="rough-cut" />;

import { type ActionContext, defineActions } from '../../actions/action.js';
import { definePageContext } from '../../actions/page-context.js';

/** The rough-cut page on screen: render the chosen cut (absent while one renders), play the player. */
export interface RoughCutPage {
  render?: () => void;
  togglePlay?: () => void;
}

export const roughCutPage = definePageContext<RoughCutPage>('rough-cut');

const page = (context: ActionContext) => roughCutPage.get(context.services);

/** Render Rough Cut and its player's Space. */
export const roughCutActions = defineActions([
  {
    id: 'roughCut.render',
    label: 'Render Rough Cut',
    section: 'Generation',
    keywords: ['rough cut', 'mp4', 'assemble', 'cut', 'render', 'preview', 'export video'],
    hint: 'One MP4 of the chosen cut, with the soundtrack under it',
    scope: 'rough-cut',
    available: (context) => page(context)?.render !== undefined,
    perform: (context) => page(context)?.render?.(),
  },
  {
    id: 'roughCut.playPause',
    label: 'Play or Pause Rough Cut',
    section: 'View',
    keywords: ['play', 'pause', 'watch', 'rough cut'],
    binding: 'Space',
    scope: 'rough-cut',
    available: (context) => page(context)?.togglePlay !== undefined,
    perform: (context) => page(context)?.togglePlay?.(),
  },
]);

import { useServices } from '../app/services-context.js';
import { useStore } from '../state/store.js';
import { Button } from '../ui/button.js';
import { Kbd } from '../ui/card.js';
import { cx } from '../ui/cx.js';
import { Modal } from '../ui/modal.js';
import { shortcutLabel, useActionContext } from './use-action.js';

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * The shortcut help overlay (SPEC.md §2): every key of the app from the first load, the ones that
 * work everywhere by category, then each page's under where they work, marked when that is not the
 * page the user is on. A Close button; Shift+? toggles it, Escape and a click outside close it.
 */
export function HelpOverlay() {
  const { ui, registry } = useServices();
  const context = useActionContext();
  const open = useStore(ui.store, (state) => state.helpOpen);
  const groups = registry.helpGroups(context);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => ui.patch({ helpOpen: next })}
      title="Keyboard shortcuts"
      description="Every command is also in the palette (Ctrl K). Each page's keys work on that page."
      size="large"
      scrollableText
      className="help-overlay"
      footer={
        <Button variant="primary" onClick={() => ui.patch({ helpOpen: false })}>
          Close
        </Button>
      }
    >
      <div className="help-overlay__groups">
        {groups.map((group) => {
          const id = `help-${group.scope}-${slug(group.title)}`;
          return (
            <section
              key={id}
              className={cx('help-overlay__group', !group.here && 'is-elsewhere')}
              aria-labelledby={id}
              data-scope={group.scope}
            >
              <h3 id={id}>{group.title}</h3>
              {group.scope === 'global' ? null : (
                <p className="help-overlay__where">{group.here ? 'On this page' : 'Not on this page'}</p>
              )}
              <dl>
                {group.actions.map((action) => (
                  <div key={action.id} className="help-overlay__row">
                    <dt>{action.label}</dt>
                    <dd>
                      <Kbd>{shortcutLabel(action)}</Kbd>
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          );
        })}
      </div>
    </Modal>
  );
}

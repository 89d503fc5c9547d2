import '@testing-library/jest-dom/vitest';
import { EditorView } from '@codemirror/view';
import { createReelbench, type Project, ReelbenchError, type Script } from '@reelbench/sdk';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createServices } from '../src/app/services.js';
import { ServicesProvider } from '../src/app/services-context.js';
import { scriptActions } from '../src/pages/script/script-actions.js';
import { ScriptPage } from '../src/pages/script/script-page.js';
import { available, run } from './action-context.js';

// jsdom lays nothing out: CodeMirror's measuring asks ranges for rectangles.
beforeAll(() => {
  const empty = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= empty;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  useParams: () => ({ projectId: 'p1' }),
  useRouterState: ({ select }: { select: (state: unknown) => unknown }) =>
    select({ location: { pathname: '/project/p1/script' } }),
}));

const SCRIPT = 'INT. DINER - NIGHT\n\nRain.\n\nJOE\nStill here?\n\nEXT. LOT - DAY\n\nLENA\nGo home.\n';

const BROKEN_FDX =
  '<?xml version="1.0"?>\n<FinalDraft>\n<Content>\n<Paragraph Type="Action"><Text>Hi</Text>\n</Content>\n</FinalDraft>\n';

function setup(load: () => Promise<Script>) {
  const client = createReelbench({ baseUrl: 'http://127.0.0.1:9', socket: false });
  vi.spyOn(client.script, 'get').mockImplementation(load);
  vi.spyOn(client.projects, 'get').mockResolvedValue({ id: 'p1', name: 'The Night Shift' } as Project);
  const services = createServices({ client });
  void services.saves.setProject('p1');
  const markDirty = vi.spyOn(services.saves, 'markDirty').mockImplementation(() => {});
  render(
    <ServicesProvider services={services}>
      <QueryClientProvider client={services.queryClient}>
        <ScriptPage />
      </QueryClientProvider>
    </ServicesProvider>,
  );
  const toasts = () => services.toasts.store.get().map((toast) => [toast.title, toast.message]);
  return { client, services, markDirty, toasts };
}

async function editorView(): Promise<EditorView> {
  const content = await screen.findByRole('textbox', { name: 'Script editor' });
  return EditorView.findFromDOM(content) as EditorView;
}

function chooseFile(file: File) {
  const input = screen.getByLabelText('Import script file');
  fireEvent.change(input, { target: { files: [file] } });
}

describe('ScriptPage', () => {
  it('loads the script into the editor with the live breakdown beside it', async () => {
    setup(() => Promise.resolve({ projectId: 'p1', content: SCRIPT }));
    expect(screen.getByRole('status', { name: 'Loading the script' })).toBeInTheDocument();
    const view = await editorView();
    expect(view.state.doc.toString()).toBe(SCRIPT);
    const panel = await screen.findByRole('complementary', { name: 'Breakdown' });
    const scenes = within(panel).getByRole('region', { name: /Scenes/ });
    await waitFor(() => expect(within(scenes).getAllByRole('button')).toHaveLength(2));
    expect(screen.queryByText('Write or drop a screenplay…')).toBeNull();
    for (const name of ['Import', 'Format', 'Analyse', 'No problems']) {
      await waitFor(() => expect(screen.getByRole('button', { name })).toBeEnabled());
    }
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });

  it('its toolbar actions apply to /script only, without key bindings, once the script has loaded', async () => {
    const { services } = setup(() => Promise.resolve({ projectId: 'p1', content: SCRIPT }));
    for (const definition of scriptActions) {
      const action = services.registry.get(definition.id);
      expect(action?.scope).toBe('script');
      expect(action?.binding).toBeUndefined();
    }
    await editorView();
    await waitFor(() => expect(available(services, 'script.import', '/project/p1/script')).toBe(true));
    expect(available(services, 'script.import', '/project/p1/shots')).toBe(false);
  });

  it('shows an empty editor with a hint when the project has no script (404)', async () => {
    setup(() => Promise.reject(new ReelbenchError({ code: 'NOT_FOUND_ERROR', message: 'Script not found' })));
    const view = await editorView();
    expect(view.state.doc.toString()).toBe('');
    expect(screen.getByText('Write or drop a screenplay…')).toBeInTheDocument();
  });

  it('marks the project dirty on every edit', async () => {
    const { markDirty } = setup(() => Promise.resolve({ projectId: 'p1', content: '' }));
    const view = await editorView();
    act(() => view.dispatch({ changes: { from: 0, insert: 'INT. A - DAY' }, userEvent: 'input.type' }));
    expect(markDirty).toHaveBeenLastCalledWith({ script: 'INT. A - DAY' });
    await waitFor(() => expect(screen.queryByText('Write or drop a screenplay…')).toBeNull());
  });

  it('imports a file that can be read, and leaves the script alone when it cannot', async () => {
    const { markDirty, toasts } = setup(() => Promise.resolve({ projectId: 'p1', content: SCRIPT }));
    const view = await editorView();
    chooseFile(new File([BROKEN_FDX], 'broken.fdx'));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    const [title, message] = toasts()[0] ?? [];
    expect(title).toBe('Import failed');
    expect(message).toMatch(/^broken\.fdx, line 5, column 1: /);
    expect(view.state.doc.toString()).toBe(SCRIPT);
    expect(markDirty).not.toHaveBeenCalled();

    // Over a script with text it asks first: Cancel keeps the script.
    const beach = () => new File(['EXT. BEACH - DAY\n\nWaves.\n'], 'beach.fountain');
    chooseFile(beach());
    const ask = await screen.findByRole('dialog', { name: 'Replace the script?' });
    expect(ask).toHaveTextContent('beach.fountain');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Replace the script?' })).toBeNull());
    expect(view.state.doc.toString()).toBe(SCRIPT);
    expect(markDirty).not.toHaveBeenCalled();

    chooseFile(beach());
    fireEvent.click(await screen.findByRole('button', { name: 'Replace script' }));
    await waitFor(() => expect(toasts()).toContainEqual(['Script imported', 'beach.fountain']));
    expect(view.state.doc.toString()).toBe('EXT. BEACH - DAY\n\nWaves.\n');
    expect(markDirty).toHaveBeenLastCalledWith({ script: 'EXT. BEACH - DAY\n\nWaves.\n' });
    // One undoable change: Ctrl+Z brings the previous script back.
    fireEvent.keyDown(view.contentDOM, { key: 'z', code: 'KeyZ', ctrlKey: true });
    expect(view.state.doc.toString()).toBe(SCRIPT);
  });

  it('formats through its action as one undoable change', async () => {
    const { services } = setup(() =>
      Promise.resolve({ projectId: 'p1', content: 'int. kitchen - night\n\n\n\nMara enters.   \n' }),
    );
    const view = await editorView();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Format' })).toBeEnabled());
    act(() => void run(services, 'script.format', '/project/p1/script'));
    expect(view.state.doc.toString()).toBe('INT. KITCHEN - NIGHT\n\nMara enters.\n');
    fireEvent.keyDown(view.contentDOM, { key: 'z', code: 'KeyZ', ctrlKey: true });
    expect(view.state.doc.toString()).toBe('int. kitchen - night\n\n\n\nMara enters.   \n');
  });
});

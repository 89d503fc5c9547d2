import '@testing-library/jest-dom/vitest';
import { type Asset, type AssetImageEntry, defaultAssetConfig, type Reelbench } from '@reelbench/sdk';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createServices } from '../src/app/services.js';
import { AssetPage } from '../src/pages/assets/asset/asset-page.js';
import { assetsUi } from '../src/pages/assets/asset-actions.js';
import { available, run } from './action-context.js';
import { renderPage } from './render-page.js';
import { id, PROJECT_ID } from './shots-fixtures.js';

Element.prototype.scrollIntoView ??= () => {};

const ASSET_ID = id(700);
const PATH = `/project/${PROJECT_ID}/assets/${ASSET_ID}`;

function entry(url: string, overrides: Partial<AssetImageEntry> = {}): AssetImageEntry {
  return {
    url,
    optimizedUrl: null,
    thumbnailUrl: null,
    mediumUrl: null,
    s3Key: 'projects/p/assets/a/x.png',
    generatedAt: '2026-11-25T10:00:00.000Z',
    isCustomUpload: false,
    metadata: {},
    prompt: 'a harbour captain, front',
    status: 'completed',
    ...overrides,
  };
}

function character(images: Asset['images']): Asset {
  return {
    id: ASSET_ID,
    type: 'character',
    name: 'Mara Quinn',
    description: 'A harbour pilot.',
    images,
    config: defaultAssetConfig('character'),
    metadata: {},
    projectId: PROJECT_ID,
    seriesId: null,
    visualIdentifier: 'red scarf, oilskin coat',
    isSeriesLevel: false,
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
  };
}

function setup() {
  const stale = entry('/back.png', {
    status: 'pending',
    metadata: { stale: true, invalidatedBy: 'default-front' },
  });
  const initial = character({ 'default-front': entry('/front.png'), 'default-back': stale });
  const turned = character({ 'default-front': entry('/front.png'), 'default-back': entry('/back-2.png') });
  let finishUpload: (value: { key: string }) => void = () => {};
  const assets = {
    get: vi.fn(async () => initial),
    generateImage: vi.fn(async () => ({
      jobId: id(800),
      asset: initial,
      imageKey: 'default-front',
      invalidatedKeys: [],
    })),
    send: vi.fn(async () => character({ 'default-front': entry('/front.png'), default: entry('/up.png') })),
  };
  const files = {
    uploadImage: vi.fn(
      (_projectId: string, _file: File, options: { onProgress?: (percent: number) => void }) => {
        options.onProgress?.(40);
        return new Promise<{ key: string }>((resolve) => {
          finishUpload = resolve;
        });
      },
    ),
  };
  // The older named events go over the socket with an acknowledgement.
  const socket = {
    on: vi.fn(() => () => {}),
    emitWithAck: vi.fn(async (event: string) =>
      event === 'character:generate-rotation'
        ? { jobId: id(801), asset: turned, imageKey: 'default-back', invalidatedKeys: [] }
        : { error: `no ${event} here`, code: 'VALIDATION_ERROR' },
    ),
  };
  const client = { socket, assets, files } as unknown as Reelbench;
  const services = createServices({ client });
  renderPage(services, PATH, () => <AssetPage projectId={PROJECT_ID} assetId={ASSET_ID} />);
  return { services, assets, files, socket, finish: (key: string) => finishUpload({ key }) };
}

const cell = (key: string) => document.querySelector<HTMLElement>(`.slot-cell[data-key="${key}"]`);

describe("an asset's page", { timeout: 30_000 }, () => {
  it('shows every key of a character, the default selected, and a stale image as stale', async () => {
    setup();
    const grid = await screen.findByRole('grid', { name: 'Images of Mara Quinn' });
    expect(
      within(grid)
        .getAllByRole('gridcell')
        .map((node) => [node.dataset.key, node.dataset.status]),
    ).toEqual([
      ['default-front', 'completed'],
      ['default-back', 'stale'],
      ['default-left', 'empty'],
      ['default-right', 'empty'],
      ['default', 'empty'],
    ]);
    expect(cell('default-front')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(/made from an older default-front image/)).toBeInTheDocument();
    expect(within(cell('default-back') as HTMLElement).getByText('Stale')).toBeInTheDocument();
    expect(within(cell('default-front') as HTMLElement).getByText('a harbour captain, front')).toHaveClass(
      'slot-meta__prompt',
    );
  });

  it('generates the default key through generateImage and a turned key through character:generate-rotation', async () => {
    const { services, assets, socket } = setup();
    const grid = await screen.findByRole('grid', { name: 'Images of Mara Quinn' });
    await waitFor(() => expect(available(services, 'asset.generateImage', PATH)).toBe(true));
    act(() => {
      run(services, 'asset.generateImage', PATH);
    });
    await waitFor(() =>
      expect(assets.generateImage).toHaveBeenCalledWith({ assetId: ASSET_ID, imageKey: 'default-front' }),
    );

    grid.focus();
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    expect(cell('default-back')).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(available(services, 'asset.regenerate', PATH)).toBe(true));
    act(() => {
      run(services, 'asset.regenerate', PATH);
    });
    await waitFor(() =>
      expect(socket.emitWithAck).toHaveBeenCalledWith(
        'character:generate-rotation',
        { assetId: ASSET_ID, rotation: 'back', variant: 'default' },
        { timeoutMs: 300_000 },
      ),
    );
    await waitFor(() => expect(cell('default-back')).toHaveAttribute('data-status', 'completed'));
    expect(services.toasts.store.get().map((toast) => toast.title)).toContain('Image Updated');
  });

  it('uploads a picked file to the selected key with its progress, then sets it as the image', async () => {
    const { services, assets, files, finish } = setup();
    const grid = await screen.findByRole('grid', { name: 'Images of Mara Quinn' });
    fireEvent.keyDown(grid, { key: 'End' });
    expect(cell('default')).toHaveAttribute('aria-selected', 'true');
    const input = screen.getByTestId('asset-image-file') as HTMLInputElement;
    const click = vi.spyOn(input, 'click').mockImplementation(() => {});
    act(() => {
      run(services, 'asset.uploadImage', PATH);
    });
    expect(click).toHaveBeenCalled();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'ref.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });

    const bar = await within(cell('default') as HTMLElement).findByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(within(cell('default') as HTMLElement).getByText('Uploading 40%')).toBeInTheDocument();
    expect(files.uploadImage).toHaveBeenCalledWith(
      PROJECT_ID,
      file,
      expect.objectContaining({ assetId: ASSET_ID }),
    );

    await act(async () => finish('projects/p/uploads/ref.png'));
    await waitFor(() =>
      expect(assets.send).toHaveBeenCalledWith('setImage', {
        assetId: ASSET_ID,
        imageKey: 'default',
        imageData: 'projects/p/uploads/ref.png',
      }),
    );
    await waitFor(() => expect(cell('default')).toHaveAttribute('data-status', 'completed'));
    expect(services.toasts.store.get().map((toast) => toast.title)).toContain('Image Uploaded');
    expect(assetsUi(services).get().current?.id).toBe(ASSET_ID);
  });
});

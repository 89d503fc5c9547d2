import { basename } from 'node:path';
import {
  ASSET_TYPES,
  type AssetType,
  assetCreateSchema,
  type Cast,
  formatMessage,
  idSchema,
  imageKeySchema,
  isValidImageKey,
  normalizeImageKey,
  ReelbenchError,
  supportedImageKeys,
} from '@reelbench/sdk/contract';
import { Argument, type Command, Option } from 'commander';
import type { CliContext } from '../context.js';
import { EXIT_CODES, parseInput, UsageError } from '../errors.js';
import { withExamples } from '../help.js';
import { readFileBlob } from '../input.js';
import { type CommandResult, type Paint, table } from '../output.js';

async function listAssets(
  ctx: CliContext,
  projectId: string,
  options: { type?: AssetType },
): Promise<CommandResult> {
  const assets = await (await ctx.client()).assets.listByProject(projectId, options.type);
  const rows = assets.map((a) => [
    a.id,
    a.type,
    a.name,
    String(Object.values(a.images).filter((image) => image.url !== null).length),
  ]);
  return {
    json: assets,
    text:
      assets.length === 0
        ? 'No assets yet: create one with `reelbench assets create <projectId> <type> <name>`'
        : table(['ID', 'TYPE', 'NAME', 'IMAGES'], rows, ctx.out.paint),
    quiet: assets.map((a) => a.id).join('\n'),
  };
}

interface CreateOptions {
  description?: string;
  visualIdentifier?: string;
}

async function createAsset(
  ctx: CliContext,
  projectId: string,
  type: AssetType,
  name: string,
  options: CreateOptions,
): Promise<CommandResult> {
  const input = parseInput(
    assetCreateSchema,
    { projectId, type, name, description: options.description, visualIdentifier: options.visualIdentifier },
    'The asset was not created',
  );
  const asset = await (await ctx.client()).assets.create(input);
  return {
    json: asset,
    text: `Created ${asset.type} ${ctx.out.paint('bold', asset.name)} (${asset.id})`,
    quiet: asset.id,
  };
}

/** Uploads the file to the project's storage, then makes it the asset's image under the key. */
async function uploadImage(
  ctx: CliContext,
  assetId: string,
  path: string,
  options: { key?: string },
): Promise<CommandResult> {
  const image = await readFileBlob(path);
  const client = await ctx.client({ socket: true });
  const asset = await client.assets.get(assetId);
  if (asset === null)
    throw new ReelbenchError({ code: 'NOT_FOUND_ERROR', message: formatMessage.assetNotFound(assetId) });
  const imageKey = normalizeImageKey(asset.type, options.key ?? asset.config.defaultImageKey);
  if (!isValidImageKey(asset.config, imageKey)) {
    throw new UsageError(
      `'${imageKey}' is not an image key of this ${asset.type}: use one of ${supportedImageKeys(asset.config).join(', ')}`,
    );
  }
  if (asset.projectId === null)
    throw new UsageError(`Asset ${assetId} belongs to no project: nowhere to upload to`);
  const uploaded = await client.files.uploadImage(asset.projectId, image, {
    assetId,
    filename: basename(path),
  });
  const updated = await client.assets.send('setImage', { assetId, imageKey, imageData: uploaded.key });
  return {
    json: updated,
    text: `Uploaded ${path} as the ${imageKey} image of ${asset.type} ${asset.name} (${asset.id})`,
    quiet: updated.images[imageKey]?.url ?? '',
  };
}

interface GenerateOptions {
  key?: string;
  prompt?: string;
}

/** Generates one image of the asset on the server (its default key unless --key) and prints its url. */
async function generateImage(
  ctx: CliContext,
  assetId: string,
  options: GenerateOptions,
): Promise<CommandResult> {
  if (!idSchema.safeParse(assetId).success) throw new UsageError(`'${assetId}' is not an asset id`);
  if (options.key !== undefined && !imageKeySchema.safeParse(options.key).success) {
    throw new UsageError(
      `'${options.key}' is not an image key: use a variant, variant-rotation or variant-view`,
    );
  }
  const client = await ctx.client({ socket: true });
  const reply = await client.assets.generateImage({
    assetId,
    ...(options.key === undefined ? {} : { imageKey: options.key }),
    ...(options.prompt === undefined ? {} : { prompt: options.prompt }),
  });
  const url = reply.asset.images[reply.imageKey]?.url ?? null;
  const stale =
    reply.invalidatedKeys.length === 0 ? '' : `\nOut of date now: ${reply.invalidatedKeys.join(', ')}`;
  if (url === null) {
    return {
      json: reply,
      text: '',
      failures: [`The ${reply.imageKey} image of ${reply.asset.name} has no url after generating`],
      exitCode: EXIT_CODES.failure,
    };
  }
  return {
    json: reply,
    text: `Generated the ${reply.imageKey} image of ${reply.asset.type} ${reply.asset.name}: ${url}${stale}`,
    quiet: url,
  };
}

/** The cast as a table: type, name, asset id (or 'missing') and how many shots name it. */
export function castTable(cast: Cast, paint: Paint): string {
  const rows = cast.members.map((member) => [
    member.type,
    member.name,
    member.assetId ?? paint('yellow', 'missing'),
    String(member.shotCount),
  ]);
  return table(['TYPE', 'NAME', 'ASSET', 'SHOTS'], rows, paint);
}

/**
 * The cast from the script: the server creates an asset for every character, location and prop the
 * saved script names that has none, places them on the first-pass shots by framing and, with
 * --generate, renders their default images in one job whose progress is printed here.
 */
export async function castFromScript(
  ctx: CliContext,
  projectId: string,
  options: { generate?: boolean },
): Promise<CommandResult> {
  parseInput(idSchema, projectId, 'The cast was not created');
  const client = await ctx.client({ socket: true });
  let stop = () => {};
  if (options.generate) {
    await client.projects.subscribe(projectId);
    stop = client.on('job:progress', (event) => {
      if (event.message) ctx.out.progress(`${Math.round(event.progress)}% ${event.message}`);
    });
  }
  try {
    const reply = await client.projects.createCast(projectId, { generate: options.generate === true });
    const { paint } = ctx.out;
    const created =
      reply.created.length === 0
        ? 'Nothing to create: every cast member has an asset'
        : `Created ${reply.created.length} assets: ${reply.created.map((asset) => asset.name).join(', ')}`;
    const lines = [
      castTable(reply.cast, paint),
      '',
      paint('green', created),
      `Placed on ${reply.placedShotIds.length} shots`,
      ...(reply.job
        ? [
            `Generated ${reply.created.length > 0 ? 'their' : 'the missing'} default images (job ${reply.job.id})`,
          ]
        : []),
    ];
    return { json: reply, text: lines.join('\n'), quiet: reply.created.map((asset) => asset.id).join('\n') };
  } finally {
    stop();
  }
}

export function registerAssetCommands(program: Command, ctx: CliContext): void {
  const assets = withExamples(
    program.command('assets').description("a project's characters, locations, props and custom assets"),
    'reelbench assets create <projectId> character Mara',
    'reelbench assets upload <assetId> mara-front.png',
  );
  withExamples(
    assets
      .command('list <projectId>')
      .description("the project's assets and how many images each has")
      .addOption(new Option('--type <type>', 'only this type').choices(ASSET_TYPES))
      .action(async (projectId: string, options: { type?: AssetType }) =>
        ctx.emit(await listAssets(ctx, projectId, options)),
      ),
    'reelbench assets list <projectId> --type character',
  );
  withExamples(
    assets
      .command('create <projectId>')
      .addArgument(new Argument('<type>', 'the kind of asset').choices(ASSET_TYPES))
      .argument('<name>', 'what the script calls it')
      .description('a new asset in the project')
      .option('--description <text>', 'what it looks like')
      .option('--visual-identifier <text>', 'how prompts name it, so every shot renders the same one')
      .action(async (projectId: string, type: AssetType, name: string, options: CreateOptions) =>
        ctx.emit(await createAsset(ctx, projectId, type, name, options)),
      ),
    'reelbench assets create <projectId> character Mara --description "40s, tired scrubs"',
    'reelbench assets create <projectId> location "Hospital roof" --quiet',
  );
  withExamples(
    assets
      .command('generate <assetId>')
      .description("generate one of the asset's images on the server and print its url")
      .option('--key <imageKey>', "which image (default: the type's default key)")
      .option('--prompt <text>', 'describe the image instead of the asset description')
      .action(async (assetId: string, options: GenerateOptions) =>
        ctx.emit(await generateImage(ctx, assetId, options)),
      ),
    'reelbench assets generate <assetId>',
    'reelbench assets generate <assetId> --key default-back --prompt "seen from behind, rain"',
  );
  withExamples(
    assets
      .command('upload <assetId> <file>')
      .description("make an image file (PNG, JPEG, WebP or GIF) one of the asset's images")
      .option(
        '--key <imageKey>',
        "which image: a variant, variant-rotation or variant-view (default: the type's default)",
      )
      .action(async (assetId: string, file: string, options: { key?: string }) =>
        ctx.emit(await uploadImage(ctx, assetId, file, options)),
      ),
    'reelbench assets upload <assetId> mara-front.png',
    'reelbench assets upload <assetId> mara-back.png --key default-back',
  );
  withExamples(
    assets
      .command('from-script <projectId>')
      .description(
        'create the characters, locations and props the script names (described from it) and place them on the shots',
      )
      .option('--generate', 'also generate their default images, in one job')
      .action(async (projectId: string, options: { generate?: boolean }) =>
        ctx.emit(await castFromScript(ctx, projectId, options)),
      ),
    'reelbench assets from-script <projectId>',
    'reelbench assets from-script <projectId> --generate --json',
  );
}

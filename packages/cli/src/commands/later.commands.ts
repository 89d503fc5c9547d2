import { ReelbenchError } from '@reelbench/sdk/contract';
import type { Command } from 'commander';
import { withExamples } from '../help.js';

function notYet(name: string): never {
  throw new ReelbenchError({
    code: 'NOT_AVAILABLE_ERROR',
    message: `${name} is not available yet: the generation pipeline has not landed`,
  });
}

/** Listed in --help so that scripts can be written against them; they answer one sentence and exit 1. */
export function registerLaterCommands(program: Command): void {
  withExamples(
    program
      .command('render')
      .argument('[args...]')
      .description('render images|videos <projectId>: batch renders with live progress (not available yet)')
      .allowUnknownOption()
      .action(() => notYet('render')),
    'reelbench render images <projectId>',
    'reelbench render videos <projectId>',
  );
  withExamples(
    program
      .command('export')
      .argument('[args...]')
      .description('export <projectId>: EDL, OTIO and FCPXML for an editor (not available yet)')
      .allowUnknownOption()
      .action(() => notYet('export')),
    'reelbench export <projectId>',
  );
}

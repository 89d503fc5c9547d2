import type { Command } from 'commander';

/** Every command's --help ends with examples a user can paste. */
export function withExamples(command: Command, ...examples: string[]): Command {
  return command.addHelpText(
    'after',
    `\nExamples:\n${examples.map((example) => `  $ ${example}`).join('\n')}`,
  );
}

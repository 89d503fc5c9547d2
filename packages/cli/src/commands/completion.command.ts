import { Argument, type Command, type Option } from 'commander';
import type { CliContext } from '../context.js';
import { withExamples } from '../help.js';

export const SHELLS = ['bash', 'zsh'] as const;
export type Shell = (typeof SHELLS)[number];

/** One command path ('reelbench projects create'): what may follow it, and which options take a value. */
interface CompletionNode {
  path: string;
  words: string[];
  /** Option flag → its choices; an empty list means any value (the shell completes file names). */
  values: Map<string, readonly string[]>;
}

function flagsOf(option: Option): string[] {
  return [option.short, option.long].filter((flag): flag is string => flag !== undefined);
}

function completionNodes(
  command: Command,
  parentPath: string,
  inherited: readonly Option[],
): CompletionNode[] {
  const path = parentPath === '' ? command.name() : `${parentPath} ${command.name()}`;
  const options = [...inherited, ...command.options.filter((option) => !option.hidden)];
  const values = new Map<string, readonly string[]>();
  for (const option of options) {
    if (!option.required && !option.optional) continue;
    for (const flag of flagsOf(option)) values.set(flag, option.argChoices ?? []);
  }
  const subcommands = command.commands;
  const argumentChoices = command.registeredArguments.flatMap((argument) => argument.argChoices ?? []);
  const words = [
    ...subcommands.map((sub) => sub.name()),
    ...argumentChoices,
    ...options.flatMap(flagsOf),
    '--help',
  ];
  // Program options are accepted after any command, so every command offers them too.
  const passedOn = parentPath === '' ? command.options : inherited;
  return [{ path, words, values }, ...subcommands.flatMap((sub) => completionNodes(sub, path, passedOn))];
}

const quote = (words: readonly string[]) => `'${words.join(' ')}'`;

/** A bash completion function generated from the command tree, so it never drifts from the commands. */
function bashFunction(program: Command): string {
  const nodes = completionNodes(program, '', []);
  const name = program.name();
  const paths = nodes.slice(1).map((node) => `'${node.path}'`);
  const choiceCases = nodes.flatMap((node) =>
    [...node.values]
      .filter(([, choices]) => choices.length > 0)
      .map(
        ([flag, choices]) =>
          `    '${node.path} ${flag}') COMPREPLY=($(compgen -W ${quote(choices)} -- "$cur")); return ;;`,
      ),
  );
  const freeFlags = new Set(
    nodes.flatMap((node) =>
      [...node.values].filter(([, choices]) => choices.length === 0).map(([flag]) => flag),
    ),
  );
  const freeCase = `    ${[...freeFlags].map((flag) => `*' ${flag}'`).join(' | ')}) COMPREPLY=(); return ;;`;
  const wordCases = nodes.map(
    (node) => `    '${node.path}') COMPREPLY=($(compgen -W ${quote(node.words)} -- "$cur")) ;;`,
  );
  return [
    `_${name}_complete() {`,
    `  local cur="$2" prev="$3" path="${name}" i`,
    '  for ((i = 1; i < COMP_CWORD; i++)); do',
    `    case "$path \${COMP_WORDS[i]}" in`,
    `      ${paths.join(' | ')}) path="$path \${COMP_WORDS[i]}" ;;`,
    '    esac',
    '  done',
    '  case "$path $prev" in',
    ...choiceCases,
    freeCase,
    '  esac',
    '  case "$path" in',
    ...wordCases,
    '  esac',
    '}',
    `complete -o default -F _${name}_complete ${name}`,
  ].join('\n');
}

export function completionScript(program: Command, shell: Shell): string {
  const name = program.name();
  if (shell === 'bash') {
    return `# bash completion for ${name}: add \`source <(${name} completion bash)\` to ~/.bashrc\n${bashFunction(program)}\n`;
  }
  return [
    `# zsh completion for ${name}: add \`source <(${name} completion zsh)\` to ~/.zshrc, after compinit`,
    'autoload -U +X bashcompinit && bashcompinit',
    bashFunction(program),
    '',
  ].join('\n');
}

export function registerCompletionCommand(program: Command, ctx: CliContext): void {
  withExamples(
    program
      .command('completion')
      .description('print the shell completion script for bash or zsh')
      .addArgument(new Argument('<shell>', 'bash or zsh').choices(SHELLS))
      .action((shell: Shell) => {
        const script = completionScript(program, shell);
        ctx.emit({ json: { shell, script }, text: script, quiet: script });
      }),
    'source <(reelbench completion bash)   # in ~/.bashrc',
    'source <(reelbench completion zsh)    # in ~/.zshrc, after compinit',
  );
}

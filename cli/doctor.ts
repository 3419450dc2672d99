// `trainer doctor`: the checklist of a live site's configuration (cli/doctor-rules.ts), run on the
// environment or on an env file, with no server needed. Exit 0 when nothing fails, 4 when something
// does (or, with --strict, when anything warns).
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import type { Command } from 'commander';
import { CheckFailed, callerPath, integer, print, Usage } from './common.ts';
import { doctor, doctorExitCode } from './doctor-rules.ts';
import { checklist } from './output.ts';

interface DoctorCommandOptions {
  from?: string;
  instances: number;
  strict?: boolean;
}

function readEnvFile(file: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(callerPath(file), 'utf8');
  } catch (error) {
    throw new Usage(`cannot read --from ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  return parseEnv(text) as Record<string, string>;
}

export function doctorCommand(root: Command): void {
  root
    .command('doctor')
    .description(
      'check a configuration for a live site: what the server refuses, and what it should not run with',
    )
    // Not --env-file: Node reads that flag itself, wherever it stands on the command line.
    .option('--from <env-file>', 'the variables of this env file only (default: this shell’s environment)')
    .option('--instances <n>', 'how many server processes will run with it', integer(1), 1)
    .option('--strict', 'exit 4 on a warning too')
    .action((options: DoctorCommandOptions, command: Command) => {
      const env = options.from ? readEnvFile(options.from) : process.env;
      const findings = doctor(env, { instances: options.instances });
      const code = doctorExitCode(findings, Boolean(options.strict));
      const json = Boolean(command.optsWithGlobals<{ json?: boolean }>().json);
      print(json, { ok: code === 0, findings }, () => checklist(findings));
      if (code !== 0) throw new CheckFailed();
    });
}

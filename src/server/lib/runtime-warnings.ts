import { SERVER_NODE_FLAGS } from '../../../scripts/server-flags.mjs';

/** The Node.js lines the club is maintained on (package.json `engines` still lets 20.19+ start, with a warning). */
export const MAINTAINED_NODE_LINES = [22, 24] as const;

export interface RuntimeFacts {
  /** `process.versions.node`. */
  nodeVersion: string;
  /** `process.execArgv`: the Node flags this process was started with. */
  execArgv: readonly string[];
  /** `process.env.NODE_ENV`: the built server runs with 'production' (`npm start`, `npm run serve`, the packages). */
  nodeEnv: string | undefined;
}

/**
 * One line per thing about the Node.js running the server that the owner should fix, for the start log: a Node
 * line out of maintenance (20 left it in April 2026; it still runs), and the built server started without the
 * flags of `npm start` (scripts/server-flags.mjs), e.g. by a hand-written `node dist/server/main.js`.
 */
export function runtimeWarnings(facts: RuntimeFacts): string[] {
  const warnings: string[] = [];
  const major = Number.parseInt(facts.nodeVersion, 10);
  if (major < (MAINTAINED_NODE_LINES[0] as number)) {
    warnings.push(
      `Node.js ${facts.nodeVersion} está fora de manutenção: o Clube Escala ainda roda nele, mas as versões mantidas são ${MAINTAINED_NODE_LINES.join(' e ')}; atualize o Node.js.`,
    );
  }
  const missing = SERVER_NODE_FLAGS.filter((flag) => !facts.execArgv.includes(flag));
  if (facts.nodeEnv === 'production' && missing.length > 0) {
    warnings.push(
      `servidor iniciado sem as opções do Node de \`npm start\` (${missing.join(' ')}): use \`npm start\` ou \`npm run serve\`.`,
    );
  }
  return warnings;
}

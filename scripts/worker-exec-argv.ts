/**
 * A page draws thousands of short-lived objects, which V8 collects from its young generation. With
 * its default size (16 MiB semi-spaces) a worker collected so often that a record page spent a
 * twentieth of its time there; twice that size cut the processor time per request by 5 to 11 %
 * on every page measured but the account search, for some 40 MB more memory per worker
 * (docs/performance.md, "A larger young generation"). An operator's own setting (NODE_OPTIONS or
 * the command line) is kept. One process serving alone (WEB_CONCURRENCY=1) keeps Node's default
 * unless NODE_OPTIONS sets it.
 */
const YOUNG_GENERATION = "--max-semi-space-size=32";

/** The start process's Node options (`execArgv`) for its workers, with the young generation's size unless one is set. */
export function workerExecArgv(execArgv: readonly string[], nodeOptions = ""): string[] {
  const given = [...execArgv, nodeOptions].some((arg) => arg.includes("--max-semi-space-size"));
  return given ? [...execArgv] : [...execArgv, YOUNG_GENERATION];
}

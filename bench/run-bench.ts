/**
 * Runs a bench's main and ends with its exit code: the code it answers, or 1 with the error's
 * message, so that a failed measure fails the command that ran it.
 */
export function runBench(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`${name}:`, error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}

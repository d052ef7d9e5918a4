/**
 * Combines concurrent calls that share a key into batches: a call starts a batch at the end of
 * the event loop's turn when fewer than `inFlight` batches of its key are running, otherwise it
 * waits for one to end and leaves with every call that arrived meanwhile (at most `maxBatch`).
 * A quiet key waits only for its turn to end; a busy one pays one round trip per batch instead
 * of one per call. Every call gets its own answer; when a batch fails, each of its calls is run
 * alone (`single`), so that one bad call does not fail the others.
 *
 * Why the end of the turn: the requests read from the sockets in one turn reach this one after
 * the other; started at once, the first left alone and the next ones in a second batch. Each
 * statement wakes a sleeping PostgreSQL backend, which on a virtual machine costs the sender
 * about a tenth of a millisecond (bench/README.md, "Calls of one turn leave together").
 */
type GroupCommitOptions<Request, Answer> = {
  batch: (requests: Request[]) => Promise<Answer[]>;
  single: (request: Request) => Promise<Answer>;
  maxBatch?: number;
  inFlight?: number;
  /** Told when a batch failed and its calls were run alone (a deadlock, a bad request). */
  onBatchError?: (error: unknown, size: number) => void;
};

type Waiting<Request, Answer> = {
  request: Request;
  resolve: (answer: Answer) => void;
  reject: (error: unknown) => void;
};

/** A failed batch's reason for its metric: PostgreSQL's error code (a deadlock, a bad request), or 'unknown'. */
export function batchFailureReason(error: unknown): string {
  return (error as { code?: string }).code ?? 'unknown';
}

export function createGroupCommit<Request, Answer>(options: GroupCommitOptions<Request, Answer>) {
  const maxBatch = options.maxBatch ?? 32;
  const inFlight = options.inFlight ?? 2;
  const lanes = new Map<string, { queue: Waiting<Request, Answer>[]; running: number; due: boolean }>();

  const runAlone = (waiting: Waiting<Request, Answer>) =>
    options.single(waiting.request).then(waiting.resolve, waiting.reject);

  async function flush(key: string): Promise<void> {
    const lane = lanes.get(key);
    if (!lane || lane.queue.length === 0 || lane.running >= inFlight) return;
    const taken = lane.queue.splice(0, maxBatch);
    lane.running++;
    try {
      if (taken.length === 1) await runAlone(taken[0] as Waiting<Request, Answer>);
      else {
        let answers: Answer[] | undefined;
        try {
          answers = await options.batch(taken.map((w) => w.request));
        } catch (error) {
          options.onBatchError?.(error, taken.length);
        }
        if (answers && answers.length === taken.length) {
          for (const [i, w] of taken.entries()) w.resolve(answers[i] as Answer);
        } else await Promise.all(taken.map(runAlone));
      }
    } finally {
      lane.running--;
      if (lane.queue.length > 0) void flush(key);
      else if (lane.running === 0) lanes.delete(key);
    }
  }

  return {
    run(key: string, request: Request): Promise<Answer> {
      return new Promise<Answer>((resolve, reject) => {
        let lane = lanes.get(key);
        if (!lane) {
          lane = { queue: [], running: 0, due: false };
          lanes.set(key, lane);
        }
        lane.queue.push({ request, resolve, reject });
        if (lane.due || lane.running >= inFlight) return;
        lane.due = true;
        const due = lane;
        setImmediate(() => {
          due.due = false;
          void flush(key);
        });
      });
    },
  };
}

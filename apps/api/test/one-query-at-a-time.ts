// node-postgres queues a query sent on a connection that is already running one, and warns that
// its next major version will refuse it: two statements at once on a transaction (Promise.all over
// `tx`) fail the run as an unhandled error, rather than a later upgrade. Node warns once per
// process: the first such query of each test file.
process.on('warning', (warning) => {
  if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing a query')) {
    throw new Error(`two queries at once on one connection: ${warning.message}`, { cause: warning });
  }
});

// node-postgres queues a query sent on a connection that is already running one, and warns that
// its next major version will refuse it: two statements at once on a transaction (Promise.all over
// `tx`) fail the test that sends them, rather than a later upgrade.
process.on('warning', (warning) => {
  if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing a query')) {
    throw new Error(`two queries at once on one connection: ${warning.message}`);
  }
});

import type { Reporter, TestCase, TestModule } from 'vitest/node';

/**
 * Ends a run with one line per missing service naming the tests skipped for it
 * ("Skipped 3 tests that need PostgreSQL (DATABASE_URL unset): …"), so that a run without
 * PostgreSQL or Redis cannot pass for a complete one (test/services.ts marks those tests).
 */
export default class SkippedServicesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const byReason = new Map<string, string[]>();
    for (const module of testModules) {
      for (const test of module.children.allTests('skipped')) {
        for (const reason of needsOf(test)) {
          byReason.set(reason, [...(byReason.get(reason) ?? []), `${module.relativeModuleId} > ${test.fullName}`]);
        }
      }
    }
    for (const [reason, tests] of byReason) {
      const count = tests.length === 1 ? '1 test' : `${tests.length} tests`;
      console.log(`\nSkipped ${count} that need ${reason}:\n  ${tests.join('\n  ')}`);
    }
  }
}

function needsOf(test: TestCase): string[] {
  const result = test.result();
  const note = result.state === 'skipped' ? result.note : undefined;
  if (note?.startsWith('needs ')) return note.slice('needs '.length).split(' and ');
  for (let parent = test.parent; parent.type === 'suite'; parent = parent.parent) {
    const reasons = parent.meta().needsServices;
    if (reasons) return reasons;
  }
  return [];
}

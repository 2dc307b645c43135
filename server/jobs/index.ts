import type {
  AnyModule,
  HookRegistry,
  ModuleDeps,
  ScheduledJob,
  TaskHandler,
} from '../modules/module';
import type { Clock } from '../lib/clock';
import { stopIfAborted, yieldToEventLoop } from '../lib/yield';

/**
 * Once a day: every module's `prune` hook removes its own expired rows (ended sessions, used or
 * expired codes, old attempts and notices, finished counters, sent mail). The queue runs each
 * tick once across every app server. Returns rows removed.
 */
export async function dailyPrune(
  hooks: HookRegistry,
  clock: Clock,
  signal?: AbortSignal,
): Promise<number> {
  const now = clock.now();
  let removed = 0;
  for (const prune of hooks.all('prune')) {
    stopIfAborted(signal);
    removed += await prune(now, signal);
    // Each module's prune is its own step: requests get in between them.
    await yieldToEventLoop();
  }
  return removed;
}

/** What the queue runs: every manifest's tasks by name, and its schedules plus the daily prune. */
export interface ModuleJobs {
  tasks: Record<string, TaskHandler>;
  schedules: ScheduledJob[];
}

/** Collects the tasks and schedules of the manifests; two of one name fail at start. */
export function collectJobs(
  modules: ReadonlyArray<AnyModule>,
  serviceOf: (name: string) => unknown,
  deps: ModuleDeps,
): ModuleJobs {
  const tasks: Record<string, TaskHandler> = {};
  const schedules: ScheduledJob[] = [
    {
      name: 'daily prune',
      cron: '40 3 * * *',
      run: (signal) => dailyPrune(deps.hooks, deps.clock, signal),
    },
  ];
  for (const module of modules) {
    const service = serviceOf(module.name) as never;
    for (const [name, handler] of Object.entries(module.tasks?.(service, deps) ?? {})) {
      if (tasks[name]) throw new Error(`two modules declare the job ${name}`);
      tasks[name] = handler;
    }
    for (const schedule of module.jobs?.(service, deps) ?? []) {
      if (schedules.some((s) => s.name === schedule.name))
        throw new Error(`two modules declare the schedule ${schedule.name}`);
      schedules.push(schedule);
    }
  }
  return { tasks, schedules };
}

import MVI

/// The executor a store under `explore` runs its async work on: it only queues the jobs, and
/// explore runs them, one at a time, in the order its choices say. So the store's tasks
/// interleave in every order a choice list can name, and in the same order again for the
/// same list.
///
/// Jobs are run by explore's driver, on its thread, with `runSynchronously`: the store's
/// work never runs in parallel with the driver or with itself.
final class ExploreExecutor: TaskExecutor {
    /// Jobs ready to run, oldest first.
    private let ready = Locked<[UnownedJob]>([])

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        ready.withLock { $0.append(job) }
    }

    /// How many jobs are ready.
    var readyCount: Int { ready.withLock { $0.count } }

    /// Runs the ready job at `index` (0 the oldest) until it suspends or ends.
    func run(at index: Int) {
        let job = ready.withLock { jobs -> UnownedJob? in
            jobs.indices.contains(index) ? jobs.remove(at: index) : nil
        }
        job?.runSynchronously(on: asUnownedTaskExecutor())
    }
}

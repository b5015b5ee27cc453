//! A bounded pool of render workers, and the drawing calls the app makes through it.
//!
//! Every picture and animation a request needs (boards, move GIFs, replays, graphs,
//! tables) is drawn on one of a fixed number of worker threads, by default one per core.
//! The caller blocks until its job is drawn, so a burst of moves costs a queue, not a
//! thread and a set of canvases each: the glyph caches and the allocator's arenas stay
//! with the workers, and memory does not grow with the load.
//!
//! Jobs wait in two queues, each in arrival order ([`Urgency`]): a move's board and its
//! animation first, then what can wait (replays, evaluation graphs, tables). A worker
//! always takes a waiting board before anything else, and jobs that can wait run on at
//! most all workers but one, so a long replay never holds every worker while a board
//! waits.
//!
//! The pool also says how long new work would wait ([`RenderPool::expected_wait`], from a
//! running mean of job times of each urgency) and whether it is overloaded
//! ([`RenderPool::overloaded`], [`RenderPool::later_full`]), so a front end can answer
//! early, the app can skip an animation rather than make a move wait for its picture, and
//! a replay past the bound is refused with the wait.

use std::collections::VecDeque;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::ai::analysis::GameAnalysis;
use crate::rules::{IllegalMove, Move, Position};

use super::{
    board_png, evaluation_graph_png_words, game_gif, moves_gif, table_png, GameGifOptions,
    GameRecord, GifError, PictureWords, RenderOptions, Table,
};

/// A job for a worker.
type Job = Box<dyn FnOnce() + Send>;

/// The first guess of a board job's time, before any was measured (a move's GIF on one
/// core).
const FIRST_GUESS_US: u64 = 60_000;

/// The first guess of a later job's time (a replay of a long game on one core).
const FIRST_GUESS_LATER_US: u64 = 500_000;

/// Jobs that can wait (replays, graphs, tables) waiting past which new ones are refused
/// ([`RenderPool::later_full`]): about 8 s of replays on one worker.
pub const LATER_QUEUE_LIMIT: usize = 16;

/// How soon a job must be drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Urgency {
    /// A move's board or animation, which a player waits for: drawn first.
    Board,
    /// A replay, an evaluation graph, a table: drawn when no board waits, on all workers
    /// but one.
    Later,
}

/// Why a job gave no picture.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PoolError {
    /// The job panicked on its worker (the worker goes on with the next job).
    #[error("a render job failed on its worker")]
    Failed,
    /// The pool is shut down.
    #[error("the render pool is shut down")]
    Closed,
}

/// The counts of one urgency's jobs.
#[derive(Debug)]
struct Counts {
    /// Jobs sent and not yet finished (waiting or being drawn).
    in_hand: AtomicUsize,
    /// Jobs being drawn now.
    running: AtomicUsize,
    /// A running mean of job times, microseconds.
    mean_us: AtomicU64,
}

impl Counts {
    fn new(first_guess_us: u64) -> Counts {
        Counts {
            in_hand: AtomicUsize::new(0),
            running: AtomicUsize::new(0),
            mean_us: AtomicU64::new(first_guess_us),
        }
    }

    fn waiting(&self) -> usize {
        self.in_hand
            .load(Ordering::SeqCst)
            .saturating_sub(self.running.load(Ordering::SeqCst))
    }
}

/// What the workers and callers share.
#[derive(Debug)]
struct Load {
    boards: Counts,
    later: Counts,
    /// Jobs being drawn now, of either urgency.
    running: AtomicUsize,
    /// The most jobs ever drawn at once (for tests and figures).
    peak_running: AtomicUsize,
}

impl Load {
    fn of(&self, urgency: Urgency) -> &Counts {
        match urgency {
            Urgency::Board => &self.boards,
            Urgency::Later => &self.later,
        }
    }
}

/// The two queues the workers take from.
#[derive(Default)]
struct Queues {
    boards: VecDeque<Job>,
    later: VecDeque<Job>,
    /// Later jobs being drawn now (at most [`Shared::later_workers`]).
    later_running: usize,
    /// No more jobs are taken; the workers end once the queues are drawn.
    closed: bool,
}

/// The queues and the bell the workers wait on.
struct Shared {
    queues: Mutex<Queues>,
    bell: Condvar,
    /// The most workers that draw later jobs at once.
    later_workers: usize,
}

impl std::fmt::Debug for Shared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shared")
            .field("later_workers", &self.later_workers)
            .finish()
    }
}

/// A fixed set of render workers with two queues, boards first.
#[derive(Debug)]
pub struct RenderPool {
    shared: Arc<Shared>,
    load: Arc<Load>,
    workers: usize,
    queue_limit: usize,
}

impl RenderPool {
    /// A pool of `workers` threads (at least one); past `queue_limit` boards waiting it
    /// counts as overloaded.
    pub fn new(workers: usize, queue_limit: usize) -> RenderPool {
        let workers = workers.max(1);
        let shared = Arc::new(Shared {
            queues: Mutex::new(Queues::default()),
            bell: Condvar::new(),
            later_workers: (workers - 1).max(1),
        });
        let load = Arc::new(Load {
            boards: Counts::new(FIRST_GUESS_US),
            later: Counts::new(FIRST_GUESS_LATER_US),
            running: AtomicUsize::new(0),
            peak_running: AtomicUsize::new(0),
        });
        for n in 0..workers {
            let shared = shared.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("bao-render-{n}"))
                .spawn(move || work(&shared));
            if let Err(e) = spawned {
                tracing::error!("could not start render worker {n}: {e}");
            }
        }
        RenderPool {
            shared,
            load,
            workers,
            queue_limit,
        }
    }

    /// The number of cores, the default number of workers.
    pub fn default_workers() -> usize {
        std::thread::available_parallelism().map_or(2, usize::from)
    }

    /// Draws a board with `job` on a worker, waiting for it in turn; blocks until it is
    /// done.
    pub fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, PoolError> {
        self.run_as(Urgency::Board, job)
    }

    /// Draws with `job` on a worker once the jobs of its `urgency` before it are taken
    /// (and, for [`Urgency::Later`], no board waits); blocks until it is done.
    pub fn run_as<T: Send + 'static>(
        &self,
        urgency: Urgency,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, PoolError> {
        let (done_tx, done_rx) = mpsc::sync_channel::<T>(1);
        let load = self.load.clone();
        let wrapped: Job = Box::new(move || {
            let counts = load.of(urgency);
            counts.running.fetch_add(1, Ordering::SeqCst);
            let running = load.running.fetch_add(1, Ordering::SeqCst) + 1;
            load.peak_running.fetch_max(running, Ordering::SeqCst);
            let started = Instant::now();
            let result = catch_unwind(AssertUnwindSafe(job));
            let took = started.elapsed().as_micros() as u64;
            // A mean over about the last 16 jobs.
            let mean = counts.mean_us.load(Ordering::Relaxed);
            let next = mean - mean / 16 + took / 16;
            counts.mean_us.store(next.max(1), Ordering::Relaxed);
            load.running.fetch_sub(1, Ordering::SeqCst);
            counts.running.fetch_sub(1, Ordering::SeqCst);
            counts.in_hand.fetch_sub(1, Ordering::SeqCst);
            if let Ok(value) = result {
                let _ = done_tx.send(value);
            }
        });
        {
            let mut queues = self
                .shared
                .queues
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            if queues.closed {
                return Err(PoolError::Closed);
            }
            self.load.of(urgency).in_hand.fetch_add(1, Ordering::SeqCst);
            match urgency {
                Urgency::Board => queues.boards.push_back(wrapped),
                Urgency::Later => queues.later.push_back(wrapped),
            }
        }
        self.shared.bell.notify_all();
        done_rx.recv().map_err(|_| PoolError::Failed)
    }

    /// The number of workers.
    pub fn workers(&self) -> usize {
        self.workers
    }

    /// Jobs sent and not finished, of either urgency: waiting, or being drawn.
    pub fn in_hand(&self) -> usize {
        self.load.boards.in_hand.load(Ordering::SeqCst)
            + self.load.later.in_hand.load(Ordering::SeqCst)
    }

    /// Jobs waiting for a worker, of either urgency.
    pub fn waiting(&self) -> usize {
        self.load.boards.waiting() + self.load.later.waiting()
    }

    /// Boards waiting for a worker.
    pub fn boards_waiting(&self) -> usize {
        self.load.boards.waiting()
    }

    /// Later jobs (replays, graphs, tables) waiting for a worker.
    pub fn later_waiting(&self) -> usize {
        self.load.later.waiting()
    }

    /// The most jobs that were ever drawn at once.
    pub fn peak_running(&self) -> usize {
        self.load.peak_running.load(Ordering::SeqCst)
    }

    /// A running mean of how long one board job takes.
    pub fn mean_job(&self) -> Duration {
        Duration::from_micros(self.load.boards.mean_us.load(Ordering::Relaxed))
    }

    /// How long a board sent now would take to be drawn: the boards in hand and the
    /// later jobs being drawn, shared by the workers, plus its own.
    pub fn expected_wait(&self) -> Duration {
        self.expected_wait_with(0)
    }

    /// [`RenderPool::expected_wait`] with `more` boards about to be sent ahead of it.
    pub fn expected_wait_with(&self, more: usize) -> Duration {
        let boards = self.load.boards.in_hand.load(Ordering::SeqCst) + more;
        let ahead = boards / self.workers + 1;
        let board = self.mean_job() * ahead as u32;
        // A worker busy with a later job is free in about half of one, on average.
        let later = if self.load.later.running.load(Ordering::SeqCst) >= self.workers {
            self.mean_later() / 2
        } else {
            Duration::ZERO
        };
        board + later
    }

    /// A running mean of how long one later job takes.
    pub fn mean_later(&self) -> Duration {
        Duration::from_micros(self.load.later.mean_us.load(Ordering::Relaxed))
    }

    /// How long a later job (a replay) sent now would take to be drawn: the later jobs in
    /// hand, shared by the workers that draw them, plus its own.
    pub fn expected_later_wait(&self) -> Duration {
        let in_hand = self.load.later.in_hand.load(Ordering::SeqCst);
        let ahead = in_hand / self.shared.later_workers + 1;
        self.mean_later() * ahead as u32
    }

    /// Whether more boards wait than the queue limit: new work should skip what it can do
    /// without (an animation).
    pub fn overloaded(&self) -> bool {
        self.boards_waiting() > self.queue_limit
    }

    /// Whether [`LATER_QUEUE_LIMIT`] later jobs wait already: a new replay is refused with
    /// [`RenderPool::expected_later_wait`].
    pub fn later_full(&self) -> bool {
        self.later_waiting() >= LATER_QUEUE_LIMIT
    }

    /// Stops taking jobs; the workers end once the queues are drawn.
    pub fn close(&self) {
        self.shared
            .queues
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .closed = true;
        self.shared.bell.notify_all();
    }
}

impl Drop for RenderPool {
    fn drop(&mut self) {
        self.close();
    }
}

/// A worker: takes the next board, else the next later job while fewer than
/// [`Shared::later_workers`] are drawn, until the queues close and are empty.
fn work(shared: &Shared) {
    let mut queues = shared.queues.lock().unwrap_or_else(PoisonError::into_inner);
    loop {
        if let Some(job) = queues.boards.pop_front() {
            drop(queues);
            job();
        } else if queues.later_running < shared.later_workers && !queues.later.is_empty() {
            let Some(job) = queues.later.pop_front() else {
                continue;
            };
            queues.later_running += 1;
            drop(queues);
            job();
            let mut q = shared.queues.lock().unwrap_or_else(PoisonError::into_inner);
            q.later_running -= 1;
            drop(q);
            // Another worker may take the next later job now.
            shared.bell.notify_all();
        } else if queues.closed && queues.boards.is_empty() && queues.later.is_empty() {
            return;
        } else {
            queues = shared
                .bell
                .wait(queues)
                .unwrap_or_else(PoisonError::into_inner);
            continue;
        }
        queues = shared.queues.lock().unwrap_or_else(PoisonError::into_inner);
    }
}

/// The drawing calls of [`super`], each run on a [`RenderPool`] worker. The app draws only
/// through these, so no request renders outside the pool.
#[derive(Debug)]
pub struct Pictures {
    pool: RenderPool,
}

impl Pictures {
    /// Drawing on `pool`.
    pub fn new(pool: RenderPool) -> Pictures {
        Pictures { pool }
    }

    /// The pool, for its load figures.
    pub fn pool(&self) -> &RenderPool {
        &self.pool
    }

    /// [`board_png`] on a worker.
    pub fn board_png(&self, pos: &Position, opts: &RenderOptions) -> Result<Vec<u8>, PoolError> {
        let (pos, opts) = (*pos, opts.clone());
        self.pool.run(move || board_png(&pos, &opts))
    }

    /// [`moves_gif`] on a worker.
    pub fn moves_gif(
        &self,
        before: &Position,
        moves: &[Move],
        opts: &RenderOptions,
    ) -> Result<Result<Vec<u8>, IllegalMove>, PoolError> {
        let (before, moves, opts) = (*before, moves.to_vec(), opts.clone());
        self.pool.run(move || moves_gif(&before, &moves, &opts))
    }

    /// [`game_gif`] on a worker, after any waiting board ([`Urgency::Later`]).
    pub fn game_gif(
        &self,
        record: GameRecord,
        opts: GameGifOptions,
    ) -> Result<Result<Vec<u8>, GifError>, PoolError> {
        self.pool
            .run_as(Urgency::Later, move || game_gif(&record, &opts))
    }

    /// [`evaluation_graph_png`] on a worker, after any waiting board.
    pub fn evaluation_graph_png(
        &self,
        analysis: &GameAnalysis,
        names: &[String; 2],
        words: &PictureWords,
    ) -> Result<Vec<u8>, PoolError> {
        let (analysis, names, words) = (analysis.clone(), names.clone(), words.clone());
        self.pool.run_as(Urgency::Later, move || {
            evaluation_graph_png_words(&analysis, &names, &words)
        })
    }

    /// [`table_png`] on a worker, after any waiting board.
    pub fn table_png(&self, table: Table) -> Result<Vec<u8>, PoolError> {
        self.pool.run_as(Urgency::Later, move || table_png(&table))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Barrier;

    #[test]
    fn never_more_jobs_at_once_than_workers() {
        let pool = Arc::new(RenderPool::new(2, 100));
        let now = Arc::new(AtomicUsize::new(0));
        let peak = Arc::new(AtomicUsize::new(0));
        let callers: Vec<_> = (0..8)
            .map(|_| {
                let (pool, now, peak) = (pool.clone(), now.clone(), peak.clone());
                std::thread::spawn(move || {
                    pool.run(move || {
                        let n = now.fetch_add(1, Ordering::SeqCst) + 1;
                        peak.fetch_max(n, Ordering::SeqCst);
                        // A slow stand-in renderer, which waits a while for a second
                        // job to run beside it so that both workers are seen in use.
                        let started = Instant::now();
                        while now.load(Ordering::SeqCst) < 2
                            && started.elapsed() < Duration::from_millis(500)
                        {
                            std::thread::yield_now();
                        }
                        std::thread::sleep(Duration::from_millis(20));
                        now.fetch_sub(1, Ordering::SeqCst);
                        n
                    })
                })
            })
            .collect();
        for c in callers {
            assert!(c.join().expect("caller").is_ok());
        }
        assert_eq!(
            peak.load(Ordering::SeqCst),
            2,
            "both workers were used, no more"
        );
        assert_eq!(pool.peak_running(), 2);
        assert_eq!(pool.in_hand(), 0);
    }

    #[test]
    fn jobs_are_taken_in_arrival_order_and_the_queue_is_counted() {
        let pool = Arc::new(RenderPool::new(1, 2));
        let gate = Arc::new(Barrier::new(2));
        let order = Arc::new(Mutex::new(Vec::new()));
        // The one worker is held by a job until the gate opens.
        let blocker = {
            let (pool, gate) = (pool.clone(), gate.clone());
            std::thread::spawn(move || pool.run(move || gate.wait()))
        };
        // Sent, and taken by the worker (no longer waiting).
        while pool.in_hand() < 1 || pool.waiting() > 0 {
            std::thread::yield_now();
        }
        let queued: Vec<_> = (0..4)
            .map(|i| {
                let (shared, order) = (pool.clone(), order.clone());
                let caller = std::thread::spawn(move || {
                    shared.run(move || order.lock().expect("order").push(i))
                });
                // Each job is in the queue before the next is sent.
                while pool.in_hand() < i + 2 {
                    std::thread::yield_now();
                }
                caller
            })
            .collect();
        assert_eq!(pool.waiting(), 4);
        assert!(pool.overloaded(), "4 waiting is past a limit of 2");
        assert!(pool.expected_wait() >= pool.mean_job() * 5);
        gate.wait();
        assert!(blocker.join().expect("blocker").is_ok());
        for q in queued {
            assert!(q.join().expect("caller").is_ok());
        }
        assert_eq!(*order.lock().expect("order"), vec![0, 1, 2, 3]);
        assert!(!pool.overloaded());
    }

    /// Sends `job` of `urgency` on its own thread and waits until the pool counts it.
    fn send<T: Send + 'static>(
        pool: &Arc<RenderPool>,
        urgency: Urgency,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> std::thread::JoinHandle<Result<T, PoolError>> {
        let before = pool.in_hand();
        let shared = pool.clone();
        let caller = std::thread::spawn(move || shared.run_as(urgency, job));
        while pool.in_hand() <= before {
            std::thread::yield_now();
        }
        caller
    }

    #[test]
    fn waiting_boards_are_drawn_before_waiting_replays() {
        let pool = Arc::new(RenderPool::new(1, 100));
        let gate = Arc::new(Barrier::new(2));
        let order = Arc::new(Mutex::new(Vec::new()));
        let blocker = {
            let gate = gate.clone();
            send(&pool, Urgency::Board, move || {
                gate.wait();
            })
        };
        while pool.waiting() > 0 {
            std::thread::yield_now();
        }
        let mut callers = Vec::new();
        for (name, urgency) in [
            ("replay 1", Urgency::Later),
            ("replay 2", Urgency::Later),
            ("board 1", Urgency::Board),
            ("board 2", Urgency::Board),
        ] {
            let order = order.clone();
            callers.push(send(&pool, urgency, move || {
                order.lock().expect("order").push(name)
            }));
        }
        assert_eq!(pool.boards_waiting(), 2);
        assert_eq!(pool.later_waiting(), 2);
        gate.wait();
        assert!(blocker.join().expect("blocker").is_ok());
        for c in callers {
            assert!(c.join().expect("caller").is_ok());
        }
        assert_eq!(
            *order.lock().expect("order"),
            vec!["board 1", "board 2", "replay 1", "replay 2"]
        );
    }

    #[test]
    fn replays_leave_a_worker_for_boards() {
        let pool = Arc::new(RenderPool::new(2, 100));
        let gate = Arc::new(Barrier::new(2));
        let second_started = Arc::new(AtomicUsize::new(0));
        // A long replay holds one worker.
        let first = {
            let gate = gate.clone();
            send(&pool, Urgency::Later, move || {
                gate.wait();
            })
        };
        while pool.later_waiting() > 0 {
            std::thread::yield_now();
        }
        // A second replay waits although a worker is idle ...
        let second = {
            let started = second_started.clone();
            send(&pool, Urgency::Later, move || {
                started.store(1, Ordering::SeqCst);
            })
        };
        // ... which draws a board at once.
        assert_eq!(pool.run(|| 5), Ok(5));
        assert_eq!(second_started.load(Ordering::SeqCst), 0);
        assert_eq!(pool.later_waiting(), 1);
        gate.wait();
        assert!(first.join().expect("first").is_ok());
        assert!(second.join().expect("second").is_ok());
        assert_eq!(second_started.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn later_jobs_past_the_bound_are_counted_full() {
        let pool = Arc::new(RenderPool::new(1, 100));
        let gate = Arc::new(Barrier::new(2));
        let blocker = {
            let gate = gate.clone();
            send(&pool, Urgency::Board, move || {
                gate.wait();
            })
        };
        let mut callers = Vec::new();
        for _ in 0..LATER_QUEUE_LIMIT {
            assert!(!pool.later_full());
            callers.push(send(&pool, Urgency::Later, || ()));
        }
        assert!(pool.later_full());
        assert!(!pool.overloaded(), "replays waiting do not skip animations");
        assert!(pool.expected_later_wait() >= pool.mean_later() * LATER_QUEUE_LIMIT as u32);
        gate.wait();
        assert!(blocker.join().expect("blocker").is_ok());
        for c in callers {
            assert!(c.join().expect("caller").is_ok());
        }
        assert!(!pool.later_full());
    }

    #[test]
    fn a_failing_job_is_an_error_and_the_worker_goes_on() {
        let pool = RenderPool::new(1, 10);
        assert_eq!(
            pool.run(|| -> u32 { panic!("a renderer bug") }),
            Err(PoolError::Failed)
        );
        assert_eq!(pool.run(|| 7), Ok(7));
        pool.close();
        assert_eq!(pool.run(|| 8), Err(PoolError::Closed));
    }
}

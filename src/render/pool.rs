//! A bounded pool of render workers, and the drawing calls the app makes through it.
//!
//! Every picture and animation a request needs (boards, move GIFs, replays, graphs,
//! tables) is drawn on one of a fixed number of worker threads, by default one per core.
//! Jobs wait in one queue and are taken in arrival order. The caller blocks until its job
//! is drawn, so a burst of moves costs a queue, not a thread and a set of canvases each:
//! the glyph caches and the allocator's arenas stay with the workers, and memory does not
//! grow with the load.
//!
//! The pool also says how long new work would wait ([`RenderPool::expected_wait`], from a
//! running mean of job times) and whether it is overloaded ([`RenderPool::overloaded`]),
//! so a front end can answer early and the app can skip an animation rather than make a
//! move wait for its picture.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::ai::analysis::GameAnalysis;
use crate::rules::{IllegalMove, Move, Position};

use super::{
    board_png, evaluation_graph_png_words, game_gif, moves_gif, table_png, GameGifOptions,
    GameRecord, GifError, PictureWords, RenderOptions, Table,
};

/// A job for a worker.
type Job = Box<dyn FnOnce() + Send>;

/// The first guess of a job's time, before any was measured (a move's GIF on one core).
const FIRST_GUESS_US: u64 = 60_000;

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

/// What the workers and callers share.
#[derive(Debug)]
struct Load {
    /// Jobs sent and not yet finished (waiting or being drawn).
    in_hand: AtomicUsize,
    /// Jobs being drawn now.
    running: AtomicUsize,
    /// The most jobs ever drawn at once (for tests and figures).
    peak_running: AtomicUsize,
    /// A running mean of job times, microseconds.
    mean_us: AtomicU64,
}

/// A fixed set of render workers with one queue in arrival order.
#[derive(Debug)]
pub struct RenderPool {
    queue: Mutex<Option<Sender<Job>>>,
    load: Arc<Load>,
    workers: usize,
    queue_limit: usize,
}

impl RenderPool {
    /// A pool of `workers` threads (at least one); past `queue_limit` jobs waiting it
    /// counts as overloaded.
    pub fn new(workers: usize, queue_limit: usize) -> RenderPool {
        let workers = workers.max(1);
        let (tx, rx) = mpsc::channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        let load = Arc::new(Load {
            in_hand: AtomicUsize::new(0),
            running: AtomicUsize::new(0),
            peak_running: AtomicUsize::new(0),
            mean_us: AtomicU64::new(FIRST_GUESS_US),
        });
        for n in 0..workers {
            let rx = rx.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("bao-render-{n}"))
                .spawn(move || work(&rx));
            if let Err(e) = spawned {
                tracing::error!("could not start render worker {n}: {e}");
            }
        }
        RenderPool {
            queue: Mutex::new(Some(tx)),
            load,
            workers,
            queue_limit,
        }
    }

    /// The number of cores, the default number of workers.
    pub fn default_workers() -> usize {
        std::thread::available_parallelism().map_or(2, usize::from)
    }

    /// Draws with `job` on a worker, waiting for it in turn; blocks until it is done.
    pub fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, PoolError> {
        let (done_tx, done_rx) = mpsc::sync_channel::<T>(1);
        let load = self.load.clone();
        let wrapped: Job = Box::new(move || {
            let running = load.running.fetch_add(1, Ordering::SeqCst) + 1;
            load.peak_running.fetch_max(running, Ordering::SeqCst);
            let started = Instant::now();
            let result = catch_unwind(AssertUnwindSafe(job));
            let took = started.elapsed().as_micros() as u64;
            // A mean over about the last 16 jobs.
            let mean = load.mean_us.load(Ordering::Relaxed);
            let next = mean - mean / 16 + took / 16;
            load.mean_us.store(next.max(1), Ordering::Relaxed);
            load.running.fetch_sub(1, Ordering::SeqCst);
            load.in_hand.fetch_sub(1, Ordering::SeqCst);
            if let Ok(value) = result {
                let _ = done_tx.send(value);
            }
        });
        {
            let queue = self.queue.lock().unwrap_or_else(PoisonError::into_inner);
            let Some(tx) = queue.as_ref() else {
                return Err(PoolError::Closed);
            };
            self.load.in_hand.fetch_add(1, Ordering::SeqCst);
            if tx.send(wrapped).is_err() {
                self.load.in_hand.fetch_sub(1, Ordering::SeqCst);
                return Err(PoolError::Closed);
            }
        }
        done_rx.recv().map_err(|_| PoolError::Failed)
    }

    /// The number of workers.
    pub fn workers(&self) -> usize {
        self.workers
    }

    /// Jobs sent and not finished: waiting, or being drawn.
    pub fn in_hand(&self) -> usize {
        self.load.in_hand.load(Ordering::SeqCst)
    }

    /// Jobs waiting for a worker.
    pub fn waiting(&self) -> usize {
        self.in_hand()
            .saturating_sub(self.load.running.load(Ordering::SeqCst))
    }

    /// The most jobs that were ever drawn at once.
    pub fn peak_running(&self) -> usize {
        self.load.peak_running.load(Ordering::SeqCst)
    }

    /// A running mean of how long one job takes.
    pub fn mean_job(&self) -> Duration {
        Duration::from_micros(self.load.mean_us.load(Ordering::Relaxed))
    }

    /// How long a job sent now would take to be drawn: the work in hand shared by the
    /// workers, plus its own.
    pub fn expected_wait(&self) -> Duration {
        self.expected_wait_with(0)
    }

    /// [`RenderPool::expected_wait`] with `more` jobs about to be sent ahead of it.
    pub fn expected_wait_with(&self, more: usize) -> Duration {
        let ahead = (self.in_hand() + more) / self.workers + 1;
        self.mean_job() * ahead as u32
    }

    /// Whether more jobs wait than the queue limit: new work should skip what it can do
    /// without (an animation).
    pub fn overloaded(&self) -> bool {
        self.waiting() > self.queue_limit
    }

    /// Stops taking jobs; the workers end once the queue is drawn.
    pub fn close(&self) {
        self.queue
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
    }
}

impl Drop for RenderPool {
    fn drop(&mut self) {
        self.close();
    }
}

/// A worker: takes the next job in arrival order until the queue closes.
fn work(rx: &Mutex<Receiver<Job>>) {
    loop {
        let job = {
            let rx = rx.lock().unwrap_or_else(PoisonError::into_inner);
            rx.recv()
        };
        match job {
            Ok(job) => job(),
            Err(_) => return,
        }
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

    /// [`game_gif`] on a worker.
    pub fn game_gif(
        &self,
        record: GameRecord,
        opts: GameGifOptions,
    ) -> Result<Result<Vec<u8>, GifError>, PoolError> {
        self.pool.run(move || game_gif(&record, &opts))
    }

    /// [`evaluation_graph_png`] on a worker.
    pub fn evaluation_graph_png(
        &self,
        analysis: &GameAnalysis,
        names: &[String; 2],
        words: &PictureWords,
    ) -> Result<Vec<u8>, PoolError> {
        let (analysis, names, words) = (analysis.clone(), names.clone(), words.clone());
        self.pool
            .run(move || evaluation_graph_png_words(&analysis, &names, &words))
    }

    /// [`table_png`] on a worker.
    pub fn table_png(&self, table: Table) -> Result<Vec<u8>, PoolError> {
        self.pool.run(move || table_png(&table))
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

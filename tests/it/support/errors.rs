//! Counting what is logged at ERROR on chosen threads: a race must lose quietly, and the
//! tests of races check that nothing was logged at ERROR while they ran. The counter is a
//! thread's default subscriber (not the binary's global one), so tests running beside it in
//! the one test binary neither disturb the count nor need a subscriber of their own.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use tracing::Dispatch;
use tracing_subscriber::layer::SubscriberExt;

/// Adds one to its count for each ERROR event.
struct ErrorCounter(Arc<AtomicUsize>);

impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for ErrorCounter {
    fn on_event(&self, event: &tracing::Event<'_>, _: tracing_subscriber::layer::Context<'_, S>) {
        if *event.metadata().level() == tracing::Level::ERROR {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }
}

/// A count of ERROR events logged inside [`Errors::watch`].
#[derive(Clone)]
pub struct Errors {
    count: Arc<AtomicUsize>,
    dispatch: Dispatch,
}

impl Errors {
    /// A count at zero.
    pub fn new() -> Errors {
        let count = Arc::new(AtomicUsize::new(0));
        let subscriber = tracing_subscriber::registry().with(ErrorCounter(count.clone()));
        Errors {
            count,
            dispatch: Dispatch::new(subscriber),
        }
    }

    /// Runs `f` on this thread, counting what it logs at ERROR.
    pub fn watch<R>(&self, f: impl FnOnce() -> R) -> R {
        tracing::dispatcher::with_default(&self.dispatch, f)
    }

    /// How many ERROR events were logged so far.
    pub fn count(&self) -> usize {
        self.count.load(Ordering::SeqCst)
    }
}

//! The pictures of finished games, drawn once: replays (`/bao-replay`, the page's
//! `game.gif`) and boards (the page's `board.png`); and, beside them, the compressed
//! bodies of finished games' web answers (the page and its `data.json`), compressed once.
//!
//! A finished game never changes, so its pictures are kept, keyed by the game, what is
//! drawn, the language of its words and the plies played, in a cache bounded in bytes
//! (least recently used first out). The bot and the web pages share one cache when they
//! run in one process ([`App::with_picture_cache`](super::App::with_picture_cache)). When
//! several ask for the same picture at once, one draws it and the others wait for it
//! ([`PictureCache::get_or_draw`]), so the same picture is never drawn twice at once.

use std::collections::HashSet;
use std::sync::{Arc, Condvar, Mutex, PoisonError};

use hashlink::LruCache;

use crate::i18n::Lang;
use crate::rules::Side;
use crate::vocab::GameId;

/// The cache's default size: 64 MiB (about 50 replays of 300-ply games).
pub const DEFAULT_PICTURE_CACHE_BYTES: usize = 64 << 20;

/// What picture of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Picture {
    /// The board as the game stands (the web page's `board.png`).
    Board,
    /// The game as a GIF from ply `from` to `to`, seen from `viewer`'s side.
    Replay {
        /// Whose side is at the bottom.
        viewer: Side,
        /// The first ply shown.
        from: u32,
        /// The last ply shown.
        to: u32,
    },
    /// A web answer's body compressed with `coding`: `body` is the first 128 bits of the
    /// uncompressed body's SHA-256 (its ETag), so the key names the bytes by itself.
    Packed {
        /// The uncompressed body's digest.
        body: [u8; 16],
        /// How it is compressed.
        coding: Coding,
    },
}

/// A content coding of HTTP (`Content-Encoding`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Coding {
    /// `br`.
    Brotli,
    /// `gzip`.
    Gzip,
}

impl Coding {
    /// Its name in `Accept-Encoding` and `Content-Encoding`.
    pub fn name(self) -> &'static str {
        match self {
            Coding::Brotli => "br",
            Coding::Gzip => "gzip",
        }
    }
}

/// Which picture: the game, what is drawn, the language of its words, the plies played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PictureKey {
    /// The game.
    pub game: GameId,
    /// What is drawn.
    pub picture: Picture,
    /// The language of the picture's words.
    pub lang: Lang,
    /// Plies played when it was drawn.
    pub plies: u32,
}

impl PictureKey {
    /// The key of game `game`'s web answer whose uncompressed body has digest `body`,
    /// compressed with `coding` (language and plies are in the body, named by its digest).
    pub fn packed(game: i64, body: [u8; 16], coding: Coding) -> PictureKey {
        PictureKey {
            game: GameId(game),
            picture: Picture::Packed { body, coding },
            lang: Lang::default(),
            plies: 0,
        }
    }
}

/// The cache's figures (for tests, benchmarks and logs).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CacheFigures {
    /// Pictures kept.
    pub entries: usize,
    /// Their bytes.
    pub bytes: usize,
    /// Answers from the cache.
    pub hits: u64,
    /// Pictures drawn through it.
    pub draws: u64,
}

/// What the lock guards.
struct Kept {
    pictures: LruCache<PictureKey, Arc<[u8]>>,
    /// Pictures being drawn now (others asking for them wait).
    drawing: HashSet<PictureKey>,
    figures: CacheFigures,
}

/// Finished games' pictures, bounded in bytes.
pub struct PictureCache {
    max_bytes: usize,
    kept: Mutex<Kept>,
    /// Rung when a drawing ends.
    drawn: Condvar,
}

impl std::fmt::Debug for PictureCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PictureCache")
            .field("max_bytes", &self.max_bytes)
            .field("figures", &self.figures())
            .finish()
    }
}

impl PictureCache {
    /// An empty cache keeping at most `max_bytes` of pictures (0 keeps none).
    pub fn new(max_bytes: usize) -> PictureCache {
        PictureCache {
            max_bytes,
            kept: Mutex::new(Kept {
                pictures: LruCache::new_unbounded(),
                drawing: HashSet::new(),
                figures: CacheFigures::default(),
            }),
            drawn: Condvar::new(),
        }
    }

    /// The most bytes it keeps (0: none).
    pub fn capacity(&self) -> usize {
        self.max_bytes
    }

    /// The picture `key` if it is kept.
    pub fn get(&self, key: &PictureKey) -> Option<Arc<[u8]>> {
        let mut kept = self.lock();
        let found = kept.pictures.get(key).cloned();
        if found.is_some() {
            kept.figures.hits += 1;
        }
        found
    }

    /// The picture `key`: kept, or drawn by `draw` and kept. While another caller draws
    /// the same picture this one waits for it rather than draw it again. A failed drawing
    /// is not kept (the next caller tries again).
    pub fn get_or_draw<E>(
        &self,
        key: PictureKey,
        draw: impl FnOnce() -> Result<Vec<u8>, E>,
    ) -> Result<Arc<[u8]>, E> {
        {
            let mut kept = self.lock();
            loop {
                if let Some(found) = kept.pictures.get(&key).cloned() {
                    kept.figures.hits += 1;
                    return Ok(found);
                }
                if kept.drawing.insert(key) {
                    break;
                }
                kept = self
                    .drawn
                    .wait(kept)
                    .unwrap_or_else(PoisonError::into_inner);
            }
        }
        // Whatever happens to the drawing, the waiters are woken.
        let _ringing = Ringing { cache: self, key };
        let bytes: Arc<[u8]> = draw()?.into();
        let mut kept = self.lock();
        kept.figures.draws += 1;
        self.keep(&mut kept, key, bytes.clone());
        Ok(bytes)
    }

    /// The cache's figures now.
    pub fn figures(&self) -> CacheFigures {
        let kept = self.lock();
        CacheFigures {
            entries: kept.pictures.len(),
            ..kept.figures
        }
    }

    /// Keeps `bytes` as `key`, dropping the least recently used pictures past the bound.
    fn keep(&self, kept: &mut Kept, key: PictureKey, bytes: Arc<[u8]>) {
        if bytes.len() > self.max_bytes {
            return;
        }
        kept.figures.bytes += bytes.len();
        if let Some(old) = kept.pictures.insert(key, bytes) {
            kept.figures.bytes -= old.len();
        }
        while kept.figures.bytes > self.max_bytes {
            match kept.pictures.remove_lru() {
                Some((_, old)) => kept.figures.bytes -= old.len(),
                None => break,
            }
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Ends a drawing of `key` when dropped (drawn, failed or panicked) and wakes the
/// waiters.
struct Ringing<'a> {
    cache: &'a PictureCache,
    key: PictureKey,
}

impl Drop for Ringing<'_> {
    fn drop(&mut self) {
        self.cache.lock().drawing.remove(&self.key);
        self.cache.drawn.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn key(game: i64, plies: u32) -> PictureKey {
        PictureKey {
            game: GameId(game),
            picture: Picture::Replay {
                viewer: Side::South,
                from: 0,
                to: plies,
            },
            lang: Lang::default(),
            plies,
        }
    }

    #[test]
    fn a_picture_is_drawn_once_even_when_asked_for_at_once() {
        let cache = Arc::new(PictureCache::new(1 << 20));
        let draws = Arc::new(AtomicUsize::new(0));
        let askers: Vec<_> = (0..8)
            .map(|_| {
                let (cache, draws) = (cache.clone(), draws.clone());
                std::thread::spawn(move || {
                    cache.get_or_draw(key(1, 10), || {
                        draws.fetch_add(1, Ordering::SeqCst);
                        std::thread::sleep(std::time::Duration::from_millis(50));
                        Ok::<_, ()>(vec![7; 100])
                    })
                })
            })
            .collect();
        for a in askers {
            assert_eq!(&*a.join().expect("asker").expect("drawn"), &[7; 100][..]);
        }
        assert_eq!(draws.load(Ordering::SeqCst), 1);
        let figures = cache.figures();
        assert_eq!((figures.draws, figures.hits), (1, 7));
        assert_eq!((figures.entries, figures.bytes), (1, 100));
    }

    #[test]
    fn the_key_tells_pictures_apart_and_failures_are_not_kept() {
        let cache = PictureCache::new(1 << 20);
        assert_eq!(
            cache.get_or_draw(key(1, 10), || Err::<Vec<u8>, _>("no")),
            Err("no")
        );
        assert!(cache.get(&key(1, 10)).is_none());
        cache
            .get_or_draw(key(1, 10), || Ok::<_, ()>(vec![1]))
            .unwrap();
        // Another ply count, another language: drawn afresh.
        cache
            .get_or_draw(key(1, 11), || Ok::<_, ()>(vec![2]))
            .unwrap();
        let sw = PictureKey {
            lang: Lang::Sw,
            ..key(1, 10)
        };
        assert_eq!(
            &*cache.get_or_draw(sw, || Ok::<_, ()>(vec![3])).unwrap(),
            &[3]
        );
        assert_eq!(&*cache.get(&key(1, 10)).unwrap(), &[1]);
        assert_eq!(cache.figures().draws, 3);
    }

    #[test]
    fn the_bytes_stay_within_the_bound_least_recently_used_first_out() {
        let cache = PictureCache::new(250);
        for game in 1..=3 {
            cache
                .get_or_draw(key(game, 1), || Ok::<_, ()>(vec![0; 100]))
                .unwrap();
            if game == 2 {
                // Game 1 used again: game 2 is now the oldest.
                assert!(cache.get(&key(1, 1)).is_some());
            }
        }
        assert_eq!(cache.figures().bytes, 200);
        assert!(cache.get(&key(2, 1)).is_none());
        assert!(cache.get(&key(1, 1)).is_some());
        assert!(cache.get(&key(3, 1)).is_some());
        // Larger than the whole cache: given, not kept.
        let big = cache
            .get_or_draw(key(4, 1), || Ok::<_, ()>(vec![0; 300]))
            .unwrap();
        assert_eq!(big.len(), 300);
        assert!(cache.get(&key(4, 1)).is_none());
        assert!(cache.figures().bytes <= 250);
    }
}

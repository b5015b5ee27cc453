//! What the log may say about a failed step (docs/discord.md, "Logs"): what failed, where,
//! the game and the sizes, never a message's text or files (a picture's bytes, a private
//! page's link) and never a token. [`Step`] describes an outgoing step in a few words;
//! [`error`] says an error with every token in it blanked and its length bounded.

use std::fmt;

use super::outgoing::{Outgoing, Target};

/// The longest an error is said in the log, in characters.
pub const ERROR_MAX: usize = 400;

/// What stands for a token taken out.
const HIDDEN: &str = "[hidden]";

/// An outgoing step, said without its contents: `post to channel 5 (text 240 chars,
/// 1 file 431 KB, game 12)`.
pub struct Step<'a>(pub &'a Outgoing);

impl fmt::Display for Step<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Outgoing::Post { target, reply, .. } => {
                match target {
                    Target::Caller => write!(f, "answer to the interaction")?,
                    Target::Pressed => write!(f, "update of the pressed message")?,
                    Target::Channel(c) => write!(f, "post to channel {c}")?,
                    Target::Dm(u) => write!(f, "DM to user {u}")?,
                }
                let board = reply.board.as_ref();
                let files: Vec<usize> = reply
                    .attachments
                    .iter()
                    .chain(board.and_then(|b| b.picture.as_ref()))
                    .chain(board.and_then(|b| b.animation.as_ref()))
                    .map(|a| a.bytes.len())
                    .collect();
                write!(
                    f,
                    " (text {} chars, {} file(s) of {} bytes",
                    reply.text.to_string().chars().count(),
                    files.len(),
                    files.iter().sum::<usize>()
                )?;
                if let Some((game, ply)) = reply.current_board() {
                    write!(f, ", game {} ply {ply}", game.0)?;
                }
                write!(f, ")")
            }
            Outgoing::RemoveButtons(earlier) => write!(f, "take the buttons off {earlier:?}"),
            Outgoing::Archive { thread, .. } => write!(f, "archive thread {thread}"),
            Outgoing::OpenThread(plan) => write!(f, "open the thread of game {}", plan.game.0),
        }
    }
}

/// Logs that `out` could not be sent (`what`), with `e` as the log may say it.
pub fn step_failed(e: &dyn fmt::Display, out: &Outgoing, what: &'static str) {
    tracing::warn!(error = %error(e), step = %Step(out), "{what}");
}

/// `e` as the log may say it: tokens blanked (see [`redact`]), at most [`ERROR_MAX`]
/// characters.
pub fn error(e: &dyn fmt::Display) -> String {
    redact(&e.to_string())
}

/// `text` with every token blanked, cut to [`ERROR_MAX`] characters: an interaction's or a
/// webhook's token in a Discord address (`/webhooks/ID/TOKEN`, `/interactions/ID/TOKEN`), a
/// private page's `k=TOKEN`, and anything shaped like a bot token (three dotted parts).
pub fn redact(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(ERROR_MAX + 16));
    let mut rest = text;
    while !rest.is_empty() {
        // The next place a token may start, and how long the token runs.
        let next = [
            after_id(rest, "/webhooks/"),
            after_id(rest, "/interactions/"),
            after_key(rest),
        ]
        .into_iter()
        .flatten()
        .min();
        match next {
            Some(at) => {
                out.push_str(&rest[..at]);
                let len = token_len(&rest[at..]);
                if len > 0 {
                    out.push_str(HIDDEN);
                }
                rest = &rest[at + len..];
                if len == 0 {
                    // Nothing to hide here: move one character on.
                    let step = rest.chars().next().map_or(0, char::len_utf8);
                    out.push_str(&rest[..step]);
                    rest = &rest[step..];
                }
            }
            None => {
                out.push_str(rest);
                rest = "";
            }
        }
    }
    let out = hide_bot_tokens(&out);
    if out.chars().count() > ERROR_MAX {
        let cut: String = out.chars().take(ERROR_MAX).collect();
        format!("{cut}… (cut)")
    } else {
        out
    }
}

/// Where the segment after `prefix` and its numeric id starts in `text`.
fn after_id(text: &str, prefix: &str) -> Option<usize> {
    let start = text.find(prefix)? + prefix.len();
    let id = text[start..].bytes().take_while(u8::is_ascii_digit).count();
    let slash = start + id;
    (text[slash..].starts_with('/')).then_some(slash + 1)
}

/// Where a private page's token (`?k=` or `&k=`) starts in `text`.
fn after_key(text: &str) -> Option<usize> {
    ["?k=", "&k="]
        .iter()
        .filter_map(|k| text.find(k).map(|at| at + k.len()))
        .min()
}

/// How many bytes of `text`'s start are a token's characters.
fn token_len(text: &str) -> usize {
    text.bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'%'))
        .count()
}

/// `text` with words shaped like a bot token (three base64 parts joined by dots, 50
/// characters or more) blanked.
fn hide_bot_tokens(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        let parts: Vec<&str> = word.split('.').collect();
        if word.len() >= 50 && parts.len() == 3 && parts.iter().all(|p| p.len() >= 5) {
            out.push_str(HIDDEN);
        } else {
            out.push_str(word);
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const INTERACTION: &str = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDpzZWNyZXQtdG9rZW4tdmFsdWU";
    const BOT: &str = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB";

    #[test]
    fn tokens_are_blanked_and_the_rest_kept() {
        let text = format!(
            "error sending request for url (https://discord.com/api/v10/webhooks/11/{INTERACTION}/messages/@original): \
             also /interactions/22/{INTERACTION}/callback, https://bao.example.org/g/5?k=abcdefghijklmnopqrstuv&lang=sw \
             and Bot {BOT}"
        );
        let said = redact(&text);
        assert!(!said.contains(INTERACTION), "{said}");
        assert!(!said.contains("abcdefghijklmnopqrstuv"), "{said}");
        assert!(!said.contains(BOT), "{said}");
        assert!(
            said.contains("/webhooks/11/[hidden]/messages/@original"),
            "{said}"
        );
        assert!(
            said.contains("/interactions/22/[hidden]/callback"),
            "{said}"
        );
        assert!(said.contains("/g/5?k=[hidden]&lang=sw"), "{said}");
        assert!(said.contains("Bot [hidden]"), "{said}");
    }

    /// The log lines written while `f` runs.
    fn logged(f: impl FnOnce()) -> String {
        use std::sync::{Arc, Mutex};
        #[derive(Clone, Default)]
        struct Lines(Arc<Mutex<Vec<u8>>>);
        impl std::io::Write for Lines {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                self.0.lock().unwrap().extend_from_slice(buf);
                Ok(buf.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let lines = Lines::default();
        let writer = lines.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_ansi(false)
            .finish();
        tracing::subscriber::with_default(subscriber, f);
        let bytes = lines.0.lock().unwrap().clone();
        String::from_utf8(bytes).unwrap()
    }

    #[test]
    fn a_failed_post_is_logged_without_its_link_its_picture_or_a_token() {
        use crate::app::{Attachment, Reply};
        let link = "https://bao.example.org/t/1?k=c2VjcmV0LXRva2VuLXZhbHVl";
        let mut reply = Reply::public(format!("Round 2 of Kombe. Event page: <{link}>"));
        reply.attachments.push(Attachment {
            filename: "crosstable.png".into(),
            bytes: vec![137; 431_439],
        });
        let out = Outgoing::Post {
            target: Target::Channel(42),
            reply: Box::new(reply),
            board_at: None,
            event_at: None,
        };
        let failure = format!(
            "error sending request for url (https://discord.com/api/v10/webhooks/1/{INTERACTION}?wait=true)"
        );
        let log = logged(|| step_failed(&failure, &out, "could not send a reply"));
        let lines: Vec<&str> = log.lines().collect();
        assert_eq!(lines.len(), 1, "{log}");
        let line = lines[0];
        assert!(line.len() < 2048, "a log line of {} bytes", line.len());
        assert!(!line.contains("c2VjcmV0LXRva2VuLXZhbHVl"), "{line}");
        assert!(!line.contains(INTERACTION), "{line}");
        assert!(!line.contains("137, 137"), "{line}");
        // What failed, where and how big is said.
        assert!(line.contains("could not send a reply"), "{line}");
        assert!(line.contains("post to channel 42"), "{line}");
        assert!(line.contains("1 file(s) of 431439 bytes"), "{line}");
    }

    #[test]
    fn long_errors_are_cut() {
        let said = redact(&"x".repeat(100_000));
        assert!(said.chars().count() < ERROR_MAX + 10);
        assert_eq!(redact("Missing Permissions"), "Missing Permissions");
    }
}

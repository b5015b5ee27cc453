//! `bao-bot console`: the terminal front end over the same [`App`] and store as the bot.
//!
//! You type the bot's commands (`/bao ai hard`, `/bao move a6 left`), switch who you are
//! (`/as baraka`) and where you are (`/in #general`, `/dm`), press buttons (`/press 3`), and
//! let time pass for correspondence games and game clocks (`/wait 13h`, `/wait 61s`, `/now`,
//! `/tick`). Every board is
//! printed as text and written as a PNG file whose path is printed; a move's animation is
//! written beside it as a GIF (same name, `.gif`), its path printed too.
//!
//! Time in the console is simulated ([`clock`]): it starts at the real time or at
//! `--start-time` and moves only by `/wait`, so that a script shows reminders, deadlines and
//! claims at fixed moments.
//!
//! Like every front end it names only `crate::app` items (the app re-exports the shared
//! vocabulary: places, user ids).

pub mod clock;
pub mod language;
pub mod parse;
mod tournament;

pub use parse::command_line;

use std::collections::HashMap;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::sync::Arc;

use crate::app::{App, Button, Clock, Destination, Notice, Place, Reply, Response, User, UserId};
use crate::i18n::{Lang, Text};
use crate::msg;
use clock::ManualClock;

/// The guild the console's channels belong to.
const CONSOLE_GUILD: u64 = 1;

/// Where boards go and who starts.
#[derive(Debug, Clone)]
pub struct Options {
    /// Folder for board pictures (created if missing).
    pub boards: PathBuf,
    /// The first user's name.
    pub user: String,
    /// Echo each command (script mode) before its output.
    pub echo: bool,
    /// The console's clock, shared with the app: it moves only by `/wait`.
    pub clock: Arc<ManualClock>,
}

/// At most this many moments are visited by one `/wait` (each runs the app's tick once);
/// past it the clock jumps to the end of the wait.
const MAX_WAIT_STEPS: usize = 10_000;

/// The console's session: who you are, where you are, and the last buttons shown.
pub struct Console<'a> {
    app: &'a App,
    opts: Options,
    user: User,
    place: Place,
    place_name: String,
    names: HashMap<u64, String>,
    channels: HashMap<u64, String>,
    buttons: Vec<Button>,
    written: usize,
}

/// A stable id for a made-up name (the same name gets the same id in every session).
fn id_of(kind: &str, name: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in kind.bytes().chain(name.to_ascii_lowercase().bytes()) {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    // Keep it well inside i64 and away from tiny ids.
    (h >> 12) | (1 << 40)
}

impl<'a> Console<'a> {
    /// A session over `app`.
    pub fn new(app: &'a App, opts: Options) -> Console<'a> {
        let mut c = Console {
            app,
            user: User::new(0, ""),
            place: Place::Dm { user: 0 },
            place_name: String::new(),
            names: HashMap::new(),
            channels: HashMap::new(),
            buttons: Vec::new(),
            written: 0,
            opts,
        };
        let first = c.opts.user.clone();
        c.user = c.user_named(&first);
        c.go_to_channel("general");
        c
    }

    fn user_named(&mut self, name: &str) -> User {
        let name = name.trim_start_matches('@');
        let id = id_of("user", name);
        self.names.insert(id, name.to_ascii_lowercase());
        let bot = name.eq_ignore_ascii_case("bao-bot");
        let mut shown = name.to_string();
        if let Some(first) = shown.get_mut(..1) {
            first.make_ascii_uppercase();
        }
        User {
            id: UserId(id),
            name: shown,
            bot,
        }
    }

    fn go_to_channel(&mut self, name: &str) {
        let name = name.trim_start_matches('#');
        let channel = id_of("channel", name);
        self.channels.insert(channel, name.to_string());
        self.place = Place::Channel {
            guild: CONSOLE_GUILD,
            channel,
        };
        self.place_name = format!("#{name}");
    }

    /// The prompt: `asha@#general> `.
    pub fn prompt(&self) -> String {
        format!("{}@{}> ", self.user.name, self.place_name)
    }

    /// Runs every line of `input`, writing to `out`. Returns how many lines failed.
    pub fn run(&mut self, input: impl BufRead, out: &mut dyn Write) -> io::Result<usize> {
        let mut failures = 0;
        if !self.opts.echo {
            write!(out, "{}", self.prompt())?;
            out.flush()?;
        }
        for line in input.lines() {
            let line = line?;
            let text = line.trim();
            if self.opts.echo && !text.is_empty() && !text.starts_with('#') {
                writeln!(out, "{}{text}", self.prompt())?;
            }
            match self.line(text, out) {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) if e.kind() == io::ErrorKind::InvalidInput => {
                    failures += 1;
                    let said = self.say(msg!("console-error", text = e.to_string()));
                    writeln!(out, "{said}")?;
                }
                Err(e) => return Err(e),
            }
            if !self.opts.echo {
                write!(out, "{}", self.prompt())?;
                out.flush()?;
            }
        }
        Ok(failures)
    }

    /// Runs one line; `Ok(false)` means quit. A mistake in the line is an `InvalidInput`
    /// error with the message to show.
    pub fn line(&mut self, text: &str, out: &mut dyn Write) -> io::Result<bool> {
        let lang = self.lang();
        let bad = |m: Text| io::Error::new(io::ErrorKind::InvalidInput, m.render(lang));
        if text.is_empty() || text.starts_with('#') {
            return Ok(true);
        }
        let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        let rest = rest.trim();
        match word {
            "/quit" | "/exit" => return Ok(false),
            "/help" => writeln!(out, "{}", self.say(msg!("console-help")))?,
            "/as" => {
                if rest.is_empty() {
                    return Err(bad(msg!("console-whom").into()));
                }
                self.user = self.user_named(rest);
                let said = self.say(msg!("console-you-are", name = self.user.name.as_str()));
                writeln!(out, "{said}")?;
            }
            "/in" => {
                if rest.is_empty() {
                    return Err(bad(msg!("console-where").into()));
                }
                self.go_to_channel(rest);
                let said = self.say(msg!("console-you-are-in", place = self.place_name.as_str()));
                writeln!(out, "{said}")?;
            }
            "/dm" => {
                self.place = Place::Dm {
                    user: self.user.id.0,
                };
                self.place_name = "dm".into();
                writeln!(out, "{}", self.say(msg!("console-you-are-in-dm")))?;
            }
            "/press" => {
                let pick = if let Ok(n) = rest.parse::<usize>() {
                    n.checked_sub(1).and_then(|i| self.buttons.get(i))
                } else {
                    self.buttons
                        .iter()
                        .find(|b| b.label.eq_ignore_ascii_case(rest))
                };
                let Some(button) = pick.cloned() else {
                    return Err(bad(msg!("console-no-button", label = rest).into()));
                };
                let resp = self
                    .app
                    .press(&self.user, &self.place, &button.id)
                    .map_err(|e| io::Error::other(e.to_string()))?;
                self.show(&resp, out)?;
            }
            "/now" => {
                let now = clock::utc_text_ms(self.opts.clock.now_ms(), self.lang());
                writeln!(out, "{}", self.say(msg!("console-now", time = now)))?
            }
            "/wait" => {
                let secs = clock::wait_span(rest).map_err(|e| bad(e.words()))?;
                self.wait(secs, out)?;
            }
            "/tick" => {
                let notices = self
                    .app
                    .tick()
                    .map_err(|e| io::Error::other(e.to_string()))?;
                if notices.is_empty() {
                    writeln!(out, "{}", self.say(msg!("console-nothing-due")))?;
                }
                for n in &notices {
                    self.show_notice(n, "", out)?;
                }
            }
            _ if is_bot_command(word) => {
                let mut named = |n: &str| self.user_named(n);
                let command = command_line(text, &mut named).map_err(bad)?;
                let resp = self
                    .app
                    .handle(&self.user, &self.place, command)
                    .map_err(|e| io::Error::other(e.to_string()))?;
                self.show(&resp, out)?;
            }
            _ => return Err(bad(msg!("console-not-a-command", word = word).into())),
        }
        Ok(true)
    }

    /// The console user's language here (theirs, else the server's, else English).
    fn lang(&self) -> Lang {
        self.app
            .lang_of(self.user.id, &self.place)
            .unwrap_or(Lang::En)
    }

    /// `what` said in the console user's language.
    fn say(&self, what: impl Into<Text>) -> String {
        what.into().render(self.lang())
    }

    /// Makes Discord markup readable: mentions, channel links, timestamps (`at 09:03:47`
    /// said in `lang`).
    fn plain(&self, text: &str, lang: Lang) -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(start) = rest.find('<') {
            out.push_str(&rest[..start]);
            let tail = &rest[start..];
            let Some(end) = tail.find('>') else {
                out.push_str(tail);
                return out;
            };
            let inner = &tail[1..end];
            let shown = if let Some(id) =
                inner.strip_prefix('@').and_then(|i| i.parse::<u64>().ok())
            {
                format!(
                    "@{}",
                    self.names.get(&id).cloned().unwrap_or(id.to_string())
                )
            } else if let Some(id) = inner.strip_prefix('#').and_then(|i| i.parse::<u64>().ok()) {
                format!(
                    "#{}",
                    self.channels.get(&id).cloned().unwrap_or(id.to_string())
                )
            } else if let Some(t) = inner.strip_prefix("t:") {
                let unix = t.split(':').next().and_then(|n| n.parse::<i64>().ok());
                // A countdown beside a date, `(<t:…:R>)`, is dropped; on its own (a game
                // clock's) it becomes the moment it counts down to.
                let beside_a_date = out.ends_with('(');
                match (unix, t.ends_with(":R")) {
                    (_, true) if beside_a_date => String::new(),
                    (Some(u), true) if (u - self.opts.clock.now()).abs() < 86_400 => {
                        msg!("console-at", time = clock::time_of_day(u)).render(lang)
                    }
                    (Some(u), true) => {
                        msg!("console-at", time = clock::utc_text_ms(u * 1000, lang)).render(lang)
                    }
                    (None, true) => String::new(),
                    (Some(u), false) => clock::utc_text(u, lang),
                    (None, false) => inner.to_string(),
                }
            } else {
                tail[..=end].to_string()
            };
            out.push_str(&shown);
            rest = &tail[end + 1..];
        }
        out.push_str(rest);
        out.replace(" ()", "")
    }

    fn show(&mut self, resp: &Response, out: &mut dyn Write) -> io::Result<()> {
        self.show_reply(&resp.reply, "", out)?;
        for n in &resp.notices {
            self.show_notice(n, "", out)?;
        }
        Ok(())
    }

    /// Lets `secs` pass: the clock steps to each moment when the app has something due (in
    /// order, as [`App::next_tick_at_ms`] tells, to the millisecond for game clocks), ticks
    /// there and shows what fell due stamped with that moment, then stops at the end of the
    /// wait and ticks once more.
    fn wait(&mut self, secs: i64, out: &mut dyn Write) -> io::Result<()> {
        let failed = |e: crate::app::AppError| io::Error::other(e.to_string());
        let clock = Arc::clone(&self.opts.clock);
        let end = clock.now_ms().saturating_add(secs.saturating_mul(1000));
        let mut shown = 0;
        let mut last = None;
        for _ in 0..MAX_WAIT_STEPS {
            let at = match self.app.next_tick_at_ms().map_err(failed)? {
                Some(due) if due < end => due.max(clock.now_ms()),
                _ => break,
            };
            // Something the tick did not take off the schedule must not hold the clock:
            // step on a minute past it.
            let at = if last == Some(at) { at + 60_000 } else { at };
            if at >= end {
                break;
            }
            clock.set_ms(at);
            last = Some(at);
            shown += self.tick_at(at, out)?;
        }
        // The end of the wait (also when the step limit cut the steps short).
        clock.set_ms(end);
        shown += self.tick_at(end, out)?;
        if shown == 0 {
            writeln!(out, "{}", self.say(msg!("console-nothing-due")))?;
        }
        let later = msg!(
            "console-later",
            time = clock::utc_text_ms(end, self.lang()),
            span = clock::wait_words(secs)
        );
        writeln!(out, "{}", self.say(later))
    }

    /// Runs the app's tick with the clock at `at` (unix ms) and shows what fell due, stamped
    /// with `at`; returns how many notices it showed.
    fn tick_at(&mut self, at: i64, out: &mut dyn Write) -> io::Result<usize> {
        let notices = self
            .app
            .tick()
            .map_err(|e| io::Error::other(e.to_string()))?;
        let stamp = format!("[{}] ", clock::utc_text_ms(at, self.lang()));
        for n in &notices {
            self.show_notice(n, &stamp, out)?;
        }
        Ok(notices.len())
    }

    /// Shows a notice, its first line started with `stamp` (the time, when waiting).
    fn show_notice(&mut self, n: &Notice, stamp: &str, out: &mut dyn Write) -> io::Result<()> {
        let to = match &n.to {
            // The console opens no threads (`Settings::threads` is off), so this is rare.
            Destination::Place(parent) if n.reply.thread_to_archive().is_some() => {
                msg!("console-in-thread", place = parent.to_string())
            }
            Destination::Dm(u) => msg!(
                "console-dm-to",
                name = self.names.get(&u.0).cloned().unwrap_or(u.to_string())
            ),
            Destination::Place(Place::Channel { channel, .. }) => msg!(
                "console-in-channel",
                channel = self
                    .channels
                    .get(channel)
                    .cloned()
                    .unwrap_or(channel.to_string())
            ),
            Destination::Place(Place::Dm { .. }) => msg!("console-in-dm"),
        };
        let to = format!("{} ", to.render(n.reply.lang.unwrap_or(self.lang())));
        self.show_reply(&n.reply, &format!("{stamp}{to}"), out)
    }

    fn show_reply(&mut self, reply: &Reply, tag: &str, out: &mut dyn Write) -> io::Result<()> {
        let lang = reply.lang.unwrap_or(self.lang());
        let private = if reply.ephemeral {
            format!("{} ", msg!("console-private").render(lang))
        } else {
            String::new()
        };
        writeln!(
            out,
            "{tag}{private}{}",
            self.plain(&reply.render_plain(), lang)
        )?;
        if let Some(board) = reply.text_board() {
            writeln!(out, "{board}")?;
        }
        // The board PNG and any other file, then the move's animation beside them.
        for a in reply.files().chain(reply.animation()) {
            std::fs::create_dir_all(&self.opts.boards)?;
            let path = self.opts.boards.join(&a.filename);
            std::fs::write(&path, &a.bytes)?;
            self.written += 1;
            let file = msg!("console-file").render(lang);
            writeln!(out, "{file} {}", path.display())?;
        }
        // A link button is printed as its address (it opens a page; nothing to press here).
        for b in reply.buttons.iter().flatten() {
            if b.style == crate::app::ButtonStyle::Link {
                writeln!(out, "{}: {}", b.label, b.id)?;
            }
        }
        let buttons: Vec<Button> = reply
            .buttons
            .iter()
            .flatten()
            .filter(|b| b.style != crate::app::ButtonStyle::Link)
            .cloned()
            .collect();
        if !buttons.is_empty() {
            let labels: Vec<String> = buttons
                .iter()
                .enumerate()
                .map(|(i, b)| format!("[{}] {}", i + 1, b.label))
                .collect();
            let word = msg!("console-buttons").render(lang);
            writeln!(out, "{word} {}", labels.join("  "))?;
            self.buttons = buttons;
        }
        Ok(())
    }

    /// How many files this session wrote.
    pub fn files_written(&self) -> usize {
        self.written
    }
}

/// Runs the console on standard input (interactive) or a script.
pub fn run_stdio(app: &App, opts: Options, script: Option<Box<dyn BufRead>>) -> io::Result<usize> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let scripted = script.is_some();
    let mut console = Console::new(
        app,
        Options {
            echo: scripted || opts.echo,
            ..opts
        },
    );
    if !scripted {
        writeln!(
            out,
            "bao-bot console: you are {} in {}. Type /bao help for the bot's commands, /help for the console's.",
            console.user.name, console.place_name
        )?;
    }
    match script {
        Some(input) => console.run(input, &mut out),
        None => console.run(io::stdin().lock(), &mut out),
    }
}

/// Whether `word` starts one of the bot's slash commands: `/bao`, or a family such as
/// `/bao-replay` (the parser says which families exist).
fn is_bot_command(word: &str) -> bool {
    let word = word.trim_start_matches('/').to_ascii_lowercase();
    word == "bao" || word.starts_with("bao-")
}

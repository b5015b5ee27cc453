//! Ratings in the conversation: `/bao-leaderboard`, `/bao-stats`, and the ratings shown in
//! challenges, board headers and game-end messages.
//!
//! The store rates a game in the transaction that finishes it; here the ratings are only
//! read and shown. A game in a server channel shows that server's ratings; the global ones
//! are in the game-end message when they differ, and in `/bao-stats`.

use std::collections::BTreeMap;

use crate::render::{table_text, Column, Table, TableRow};
use crate::rules::{RuleSet, Side, Variant};
use crate::store::{
    FinishedGame, Game, GameStatus, Place, Player, PlayerRating, Rating, RatingChange, Scope,
    Score, UserId, MIN_RANKED_GAMES,
};

use crate::app::refusal::{refuse, Answer};
use crate::app::{App, AppError};
use crate::app::{Attachment, BoardView, RatingScope, Reply, User};

/// Players shown on a leaderboard.
const TOP: u32 = 10;

/// Results listed in `/bao-stats`.
const LAST_RESULTS: usize = 10;

/// `+162` or `−162` (a true minus sign).
pub fn signed(delta: i64) -> String {
    if delta < 0 {
        format!("\u{2212}{}", -delta)
    } else {
        format!("+{delta}")
    }
}

/// `1500 → 1662 (+162)`.
pub fn change_words(change: &RatingChange) -> String {
    format!(
        "{} \u{2192} {} ({})",
        change.before.shown(),
        change.after.shown(),
        signed(change.delta())
    )
}

/// `Bao la Kiswahili`, or `Bao la Kiswahili (rules r002)` for another rule set than v0.2:
/// each variant and rule set has ratings of its own.
pub(in crate::app) fn game_name(variant: Variant, rules: RuleSet) -> String {
    let name = match variant {
        Variant::Kiswahili => "Bao la Kiswahili",
        Variant::Kujifunza => "Bao la Kujifunza",
    };
    if rules == RuleSet::V02 {
        name.to_string()
    } else {
        format!("{name} (rules {rules})")
    }
}

/// `this server` or `everywhere`.
fn scope_words(scope: Scope) -> &'static str {
    match scope {
        Scope::Server(_) => "this server",
        Scope::Global => "everywhere",
    }
}

/// `3 wins, 1 loss, 2 draws`.
fn wld(w: u32, l: u32, d: u32) -> String {
    let plural = |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        "{}, {}, {}",
        plural(w, "win", "wins"),
        plural(l, "loss", "losses"),
        plural(d, "draw", "draws")
    )
}

/// Wins, losses and draws counted from results.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Record {
    wins: u32,
    losses: u32,
    draws: u32,
}

impl Record {
    fn add(&mut self, score: Score) {
        match score {
            Score::Win => self.wins += 1,
            Score::Loss => self.losses += 1,
            Score::Draw => self.draws += 1,
        }
    }

    fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// `7-3-1` (wins-losses-draws).
    fn short(&self) -> String {
        format!("{}-{}-{}", self.wins, self.losses, self.draws)
    }
}

fn letter(score: Score) -> &'static str {
    match score {
        Score::Win => "W",
        Score::Loss => "L",
        Score::Draw => "D",
    }
}

/// The current and the best run of wins in `results` (oldest first).
fn streaks(results: &[Score]) -> (u32, u32) {
    let (mut run, mut best) = (0, 0);
    for s in results {
        run = if *s == Score::Win { run + 1 } else { 0 };
        best = best.max(run);
    }
    (run, best)
}

impl App {
    /// The scope whose ratings a game at `place` shows: its server's, or the global one.
    fn scope_here(place: &Place) -> Scope {
        Scope::of_place(place)[0]
    }

    /// `user`'s rating in `scope` (the start rating for a player without rated games).
    fn rating_in(
        &self,
        user: UserId,
        scope: Scope,
        variant: Variant,
        rules: RuleSet,
    ) -> Result<Rating, AppError> {
        Ok(self
            .store
            .rating(user, scope, variant, rules)?
            .map(|r| r.rating)
            .unwrap_or_default())
    }

    /// `user`'s rating where a game at `place` under `rules` is rated, as shown: `1500?`.
    pub(in crate::app) fn rating_tag(
        &self,
        user: UserId,
        place: &Place,
        variant: Variant,
        rules: RuleSet,
    ) -> Result<String, AppError> {
        Ok(self
            .rating_in(user, Self::scope_here(place), variant, rules)?
            .to_string())
    }

    /// The rating line under each name in the board picture, South's first: the ratings
    /// (`1500?`) while two people play, each one's change (`1500 → 1662 (+162)`) once a
    /// rated game is over. `None` for games against the AI.
    pub(in crate::app) fn header_ratings(
        &self,
        game: &Game,
    ) -> Result<Option<[String; 2]>, AppError> {
        let (Some(Player::Human(south)), Some(Player::Human(north))) = (&game.south, &game.north)
        else {
            return Ok(None);
        };
        let scope = Self::scope_here(&game.place);
        if game.status == GameStatus::Finished {
            let changes = self.store.rating_changes(game.id)?;
            let of = |side: Side| {
                changes
                    .iter()
                    .find(|c| c.scope == scope && c.side == side)
                    .map(change_words)
            };
            if let (Some(s), Some(n)) = (of(Side::South), of(Side::North)) {
                return Ok(Some([s, n]));
            }
        }
        let casual = if game.rated { "" } else { " \u{b7} casual" };
        let tag = |u: UserId| -> Result<String, AppError> {
            Ok(format!(
                "{}{casual}",
                self.rating_in(u, scope, game.variant, game.rule_set)?
            ))
        };
        Ok(Some([tag(*south)?, tag(*north)?]))
    }

    /// The lines of a finished rated game's message telling both players' rating changes:
    /// `Rating change in this server: Asha 1500 → 1662 (+162), Baraka 1500 → 1338 (−162)`,
    /// one line per scope (one line for both when they agree). `None` when the game changed
    /// no rating.
    pub(in crate::app) fn rating_lines(&self, game: &Game) -> Result<Option<String>, AppError> {
        let changes = self.store.rating_changes(game.id)?;
        if changes.is_empty() {
            return Ok(None);
        }
        let mut by_scope: BTreeMap<Scope, Vec<&RatingChange>> = BTreeMap::new();
        for c in &changes {
            by_scope.entry(c.scope).or_default().push(c);
        }
        let line = |cs: &[&RatingChange]| {
            cs.iter()
                .map(|c| format!("{} {}", self.side_name(game, c.side), change_words(c)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let lines: Vec<(Scope, String)> = by_scope
            .iter()
            .rev() // the server's first
            .map(|(s, cs)| (*s, line(cs)))
            .collect();
        let text = match lines.as_slice() {
            [(_, server), (_, global)] if server == global => {
                format!("Rating change (this server and everywhere): {server}")
            }
            _ => lines
                .iter()
                .map(|(s, l)| format!("Rating change ({}): {l}", scope_words(*s)))
                .collect::<Vec<_>>()
                .join("\n"),
        };
        Ok(Some(text))
    }

    /// `/bao-leaderboard [variant] [scope]`: the best ten ranked players as a picture (and
    /// text for terminals), with the asker's own rank when they are not among them.
    pub(in crate::app) fn leaderboard(
        &self,
        user: &User,
        place: &Place,
        variant: Option<Variant>,
        scope: Option<RatingScope>,
    ) -> Answer {
        let variant = variant.unwrap_or_default();
        let scope = match (scope, place) {
            (Some(RatingScope::Global), _) | (None, Place::Dm { .. }) => Scope::Global,
            (_, Place::Channel { guild, .. }) => Scope::Server(*guild),
            (Some(RatingScope::Server), Place::Dm { .. }) => {
                return Err(refuse(
                    "There is no server here: in DMs only the global leaderboard exists. Try `/bao-leaderboard scope:global`.",
                ))
            }
        };
        // The rule set of this server's new games (v0.2 in DMs and by default).
        let rules = self.server_config(place)?.rules;
        let top = self.store.leaderboard(scope, variant, rules, TOP)?;
        let (rank, total) = self.store.rank(user.id, scope, variant, rules)?;
        let mine = self.store.rating(user.id, scope, variant, rules)?;
        let row = |rank: u32, name: &str, r: &PlayerRating, me: bool| TableRow {
            cells: vec![
                rank.to_string(),
                if name.is_empty() {
                    format!("user {}", r.user)
                } else {
                    name.to_string()
                },
                r.rating.shown().to_string(),
                format!("{:.0}", r.rating.deviation),
                r.games.to_string(),
            ],
            highlight: me,
            gap_before: false,
        };
        let mut rows: Vec<TableRow> = top
            .iter()
            .map(|p| row(p.rank, &p.name, &p.rating, p.rating.user == user.id))
            .collect();
        if let (Some(rank), Some(mine)) = (rank, &mine) {
            if rank > TOP {
                let mut me = row(rank, &user.name, mine, true);
                me.gap_before = true;
                rows.push(me);
            }
        }
        let standing = match (rank, &mine) {
            (Some(rank), _) => format!("You are #{rank} of {total}."),
            (None, None) => format!(
                "You are not ranked yet: play {MIN_RANKED_GAMES} rated games here to be."
            ),
            (None, Some(m)) if m.games < MIN_RANKED_GAMES => format!(
                "You are not ranked yet: {} more rated game{} needed.",
                MIN_RANKED_GAMES - m.games,
                if MIN_RANKED_GAMES - m.games == 1 {
                    ""
                } else {
                    "s"
                }
            ),
            (None, Some(m)) => format!(
                "You are not ranked yet: your rating {} is provisional (RD {:.0}; ranked below 110).",
                m.rating, m.rating.deviation
            ),
        };
        let where_ = scope_words(scope);
        let table = Table {
            title: format!("Leaderboard \u{b7} {}", game_name(variant, rules)),
            subtitle: Some(format!(
                "{} \u{b7} {total} ranked player{}",
                match scope {
                    Scope::Server(_) => "This server",
                    Scope::Global => "All servers and DMs",
                },
                if total == 1 { "" } else { "s" }
            )),
            columns: vec![
                Column::number("#"),
                Column::text("Player"),
                Column::number("Rating"),
                Column::number("RD"),
                Column::number("Games"),
            ],
            rows,
            footer: vec![
                standing.clone(),
                format!(
                    "Ranked: {MIN_RANKED_GAMES}+ rated games and a rating that is not provisional (RD below 110)."
                ),
            ],
            empty: Some(
                self.picture_words_for(user.id, place, scope == Scope::Global && !place.is_dm())
                    .nobody_yet,
            ),
        };
        let leader = top
            .first()
            .map(|p| {
                format!(
                    " Top: {} ({}).",
                    if p.name.is_empty() {
                        format!("user {}", p.rating.user)
                    } else {
                        p.name.clone()
                    },
                    p.rating.rating.shown()
                )
            })
            .unwrap_or_default();
        let mut reply = Reply::public(format!(
            "**Leaderboard of {}**, {where_}: {total} ranked player{}.{leader} {standing}",
            game_name(variant, rules),
            if total == 1 { "" } else { "s" }
        ));
        // The global board names people from other servers: only the asker sees it.
        reply.ephemeral = scope == Scope::Global && !place.is_dm();
        reply.board = Some(BoardView {
            picture: Some(Attachment {
                filename: format!("bao-leaderboard-{}.png", variant.name()),
                bytes: self.pictures.table_png(table.clone())?,
            }),
            text: Some(table_text(&table)),
            ..BoardView::default()
        });
        Ok(reply.into())
    }

    /// `/bao-stats [@user] [variant]`: ratings per scope, the record against people (as
    /// South and North, streaks, the last results, head to head with the asker) and against
    /// each AI level. Private to the asker.
    pub(in crate::app) fn stats(
        &self,
        user: &User,
        place: &Place,
        player: Option<&User>,
        variant: Option<Variant>,
    ) -> Answer {
        let variant = variant.unwrap_or_default();
        // The rule set of this server's new games (v0.2 in DMs and by default).
        let rules = self.server_config(place)?.rules;
        let who = player.unwrap_or(user);
        if who.bot {
            return Err(refuse(format!(
                "{} is a bot and plays no games; `/bao-stats` shows a person's games.",
                who.name
            )));
        }
        let name = match self.store.player(who.id)? {
            Some(p) if !p.display_name.is_empty() => p.display_name,
            _ => who.name.clone(),
        };
        let mut lines = vec![format!("**{name}** at {}", game_name(variant, rules))];

        // Ratings: this server's (in a server), then the global one.
        for scope in Scope::of_place(place) {
            let label = match scope {
                Scope::Server(_) => "Rating in this server",
                Scope::Global => "Rating everywhere",
            };
            match self.store.rating(who.id, scope, variant, rules)? {
                None => lines.push(format!(
                    "{label}: {} (no rated games yet)",
                    Rating::default()
                )),
                Some(r) => {
                    let (rank, total) = self.store.rank(who.id, scope, variant, rules)?;
                    let rank = rank
                        .map(|n| format!(", #{n} of {total}"))
                        .unwrap_or_default();
                    lines.push(format!(
                        "{label}: **{}** \u{b1} {:.0} ({} rated game{}: {}{rank})",
                        r.rating,
                        r.rating.deviation,
                        r.games,
                        if r.games == 1 { "" } else { "s" },
                        wld(r.wins, r.losses, r.draws)
                    ));
                }
            }
        }

        if let Some(progress) = self.lesson_progress_if_any(who)? {
            lines.push(progress.to_string()); // English until ratings.rs says messages (part 2)
        }
        if let Some(record) = self.puzzle_record(who)? {
            lines.push(record.to_string()); // English until ratings.rs says messages (part 2)
        }

        let games = self.store.finished_games_of(who.id, variant)?;
        let (people, ai): (Vec<&FinishedGame>, Vec<&FinishedGame>) =
            games.iter().partition(|g| !g.opponent.is_ai());
        if games.is_empty() {
            lines.push(format!(
                "No finished games of {} yet.",
                game_name(variant, rules)
            ));
        }
        if !people.is_empty() {
            let mut all = Record::default();
            let mut sides = [Record::default(); 2];
            for g in &people {
                all.add(g.score);
                sides[g.side.index()].add(g.score);
            }
            let rated = people.iter().filter(|g| g.rated).count();
            lines.push(format!(
                "Against people: {} game{} ({rated} rated): {}; as South {}, as North {} (W-L-D)",
                all.games(),
                if all.games() == 1 { "" } else { "s" },
                wld(all.wins, all.losses, all.draws),
                sides[Side::South.index()].short(),
                sides[Side::North.index()].short(),
            ));
            if people.iter().any(|g| g.clock.is_some()) {
                // By time control, fastest first, games without a clock last.
                let mut by: Vec<(Option<i64>, String, Record)> = Vec::new();
                for g in &people {
                    let key = g
                        .clock
                        .map(|c| c.form())
                        .unwrap_or_else(|| "no clock".into());
                    match by.iter_mut().find(|(_, k, _)| *k == key) {
                        Some((_, _, r)) => r.add(g.score),
                        None => {
                            let mut r = Record::default();
                            r.add(g.score);
                            by.push((g.clock.map(|c| c.base_ms), key, r));
                        }
                    }
                }
                by.sort_by_key(|(base, _, _)| base.unwrap_or(i64::MAX));
                lines.push(format!(
                    "By time control (W-L-D): {}",
                    by.iter()
                        .map(|(_, k, r)| format!("{k} {}", r.short()))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            let scores: Vec<Score> = people.iter().map(|g| g.score).collect();
            let (now, best) = streaks(&scores);
            lines.push(format!("Winning streak: {now} now, best {best}"));
            let last: Vec<&str> = scores
                .iter()
                .rev()
                .take(LAST_RESULTS)
                .map(|s| letter(*s))
                .collect();
            lines.push(format!(
                "Last {} (newest first): {}",
                last.len(),
                last.join(" ")
            ));
        }
        if who.id != user.id {
            let mut h2h = Record::default();
            for g in &people {
                if g.opponent == Player::Human(user.id) {
                    h2h.add(g.score.flipped());
                }
            }
            if h2h.games() == 0 {
                lines.push(format!("You have not finished a game against {name} yet."));
            } else {
                lines.push(format!(
                    "You against {name}: {}",
                    wld(h2h.wins, h2h.losses, h2h.draws)
                ));
            }
        }
        if !ai.is_empty() {
            let mut levels: Vec<(crate::ai::Level, Record)> = Vec::new();
            for g in &ai {
                let Player::Ai { level } = &g.opponent else {
                    continue;
                };
                match levels.iter_mut().find(|(l, _)| l == level) {
                    Some((_, r)) => r.add(g.score),
                    None => {
                        let mut r = Record::default();
                        r.add(g.score);
                        levels.push((*level, r));
                    }
                }
            }
            levels.sort_by_key(|(l, _)| *l);
            lines.push(format!(
                "Against the AI (never rated): {} (W-L-D)",
                levels
                    .iter()
                    .map(|(l, r)| format!("{l} {}", r.short()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        Ok(Reply::private(lines.join("\n")).into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streaks_count_runs_of_wins() {
        use Score::*;
        assert_eq!(streaks(&[]), (0, 0));
        assert_eq!(streaks(&[Win, Win, Loss, Win, Win, Win, Draw, Win]), (1, 3));
        assert_eq!(streaks(&[Loss, Win, Win]), (2, 2));
    }

    #[test]
    fn signs_and_words() {
        assert_eq!(signed(162), "+162");
        assert_eq!(signed(-162), "\u{2212}162");
        assert_eq!(signed(0), "+0");
        assert_eq!(wld(1, 2, 0), "1 win, 2 losses, 0 draws");
    }
}

//! Ratings in the conversation: `/bao-leaderboard`, `/bao-stats`, and the ratings shown in
//! challenges, board headers and game-end messages.
//!
//! The store rates a game in the transaction that finishes it; here the ratings are only
//! read and shown. A game in a server channel shows that server's ratings; the global ones
//! are in the game-end message when they differ, and in `/bao-stats`.

use std::collections::BTreeMap;

use crate::i18n::{Lang, Msg, Text};
use crate::msg;
use crate::render::{table_text, Column, Table, TableRow};
use crate::rules::{RuleSet, Side, Variant};
use crate::store::{
    Game, GameStatus, Place, Player, PlayerRating, Rating, RatingChange, Scope, Score, Tally,
    UserId, MIN_RANKED_GAMES,
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

/// [`game_name`] as a message: `Bao la Kiswahili (rules r002)` in the reader's language.
pub(in crate::app) fn game_title(variant: Variant, rules: RuleSet) -> Msg {
    let name = game_name(variant, RuleSet::V02);
    if rules == RuleSet::V02 {
        msg!("ratings-game", variant = name)
    } else {
        msg!(
            "ratings-game-rules",
            variant = name,
            rules = rules.to_string()
        )
    }
}

/// `this server` or `everywhere`.
fn scope_words(scope: Scope) -> Msg {
    match scope {
        Scope::Server(_) => msg!("ratings-scope-server"),
        Scope::Global => msg!("ratings-scope-global"),
    }
}

/// `3 wins, 1 loss, 2 draws`.
fn wld(w: u32, l: u32, d: u32) -> Msg {
    msg!("ratings-wld", wins = w, losses = l, draws = d)
}

/// `user 12`: a player whose name is unknown.
fn unnamed(user: UserId) -> Msg {
    msg!("ratings-user", id = user.to_string())
}

/// `7-3-1` (wins-losses-draws).
fn short(t: &Tally) -> String {
    format!("{}-{}-{}", t.wins, t.losses, t.draws)
}

fn letter(score: Score) -> Msg {
    match score {
        Score::Win => msg!("ratings-letter-win"),
        Score::Loss => msg!("ratings-letter-loss"),
        Score::Draw => msg!("ratings-letter-draw"),
    }
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
        lang: Lang,
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
        let casual = if game.rated {
            String::new()
        } else {
            format!(" \u{b7} {}", msg!("ratings-casual").render(lang))
        };
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
    pub(in crate::app) fn rating_lines(&self, game: &Game) -> Result<Option<Text>, AppError> {
        let changes = self.store.rating_changes(game.id)?;
        if changes.is_empty() {
            return Ok(None);
        }
        let mut by_scope: BTreeMap<Scope, Vec<&RatingChange>> = BTreeMap::new();
        for c in &changes {
            by_scope.entry(c.scope).or_default().push(c);
        }
        let line = |cs: &[&RatingChange]| {
            Text::join(
                cs.iter().map(|c| {
                    self.side_name(game, c.side)
                        .then(format!(" {}", change_words(c)))
                }),
                ", ",
            )
        };
        let lines: Vec<(Scope, Text)> = by_scope
            .iter()
            .rev() // the server's first
            .map(|(s, cs)| (*s, line(cs)))
            .collect();
        let text = match lines.as_slice() {
            [(_, server), (_, global)] if server == global => {
                msg!("ratings-change-both", changes = server).into()
            }
            _ => Text::one_per_line(
                lines
                    .iter()
                    .map(|(s, l)| msg!("ratings-change", scope = scope_words(*s), changes = l)),
            ),
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
            (Some(RatingScope::Global), _)
            | (None, Place::Dm { .. } | Place::Channel { guild: 0, .. }) => Scope::Global,
            // A DM or group DM between people belongs to no server.
            (Some(RatingScope::Server), Place::Dm { .. } | Place::Channel { guild: 0, .. }) => {
                return Err(refuse(msg!("ratings-no-server")))
            }
            (_, Place::Channel { guild, .. }) => Scope::Server(*guild),
        };
        // The rule set of this server's new games (v0.2 in DMs and by default).
        let rules = self.server_config(place)?.rules;
        let top = self.store.leaderboard(scope, variant, rules, TOP)?;
        let (rank, total) = self.store.rank(user.id, scope, variant, rules)?;
        let mine = self.store.rating(user.id, scope, variant, rules)?;
        // The global board names people from other servers: only the asker sees it.
        let private = scope == Scope::Global && !place.is_dm();
        let lang = self.lang_for(user.id, place, private)?;
        let row = |rank: u32, name: &str, r: &PlayerRating, me: bool| TableRow {
            cells: vec![
                rank.to_string(),
                if name.is_empty() {
                    unnamed(r.user).render(lang)
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
            (Some(rank), _) => msg!("ratings-rank", rank = rank, total = total),
            (None, None) => msg!("ratings-unranked-none", min = MIN_RANKED_GAMES),
            (None, Some(m)) if m.games < MIN_RANKED_GAMES => {
                msg!("ratings-unranked-games", n = MIN_RANKED_GAMES - m.games)
            }
            (None, Some(m)) => msg!(
                "ratings-unranked-provisional",
                rating = m.rating.to_string(),
                rd = format!("{:.0}", m.rating.deviation)
            ),
        };
        let words = |m: Msg| m.render(lang);
        let table = Table {
            title: words(msg!(
                "ratings-table-title",
                game = game_title(variant, rules)
            )),
            subtitle: Some(words(match scope {
                Scope::Server(_) => msg!("ratings-table-server", total = total),
                Scope::Global => msg!("ratings-table-global", total = total),
            })),
            columns: vec![
                Column::number("#"),
                Column::text(words(msg!("ratings-column-player"))),
                Column::number(words(msg!("ratings-column-rating"))),
                Column::number("RD"),
                Column::number(words(msg!("ratings-column-games"))),
            ],
            rows,
            footer: vec![
                words(standing.clone()),
                words(msg!("ratings-ranked-rule", min = MIN_RANKED_GAMES)),
            ],
            empty: Some(
                self.picture_words_for(user.id, place, scope == Scope::Global && !place.is_dm())
                    .nobody_yet,
            ),
        };
        let mut text = Text::from(msg!(
            "ratings-leaderboard",
            game = game_title(variant, rules),
            scope = scope_words(scope),
            total = total
        ));
        if let Some(p) = top.first() {
            let name: Text = if p.name.is_empty() {
                unnamed(p.rating.user).into()
            } else {
                Text::name(&p.name)
            };
            text.push_str(" ");
            text.push(msg!(
                "ratings-top",
                name = name,
                rating = p.rating.rating.shown().to_string()
            ));
        }
        text.push_str(" ");
        text.push(standing);
        let mut reply = Reply::public(text);
        reply.ephemeral = private;
        reply.lang = Some(lang);
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
            return Err(refuse(msg!("ratings-bot", name = Text::name(&who.name))));
        }
        let name = match self.store.player(who.id)? {
            Some(p) if !p.display_name.is_empty() => p.display_name,
            _ => who.name.clone(),
        };
        let mut lines: Vec<Text> = vec![msg!(
            "ratings-stats-head",
            name = Text::name(&name),
            game = game_title(variant, rules)
        )
        .into()];

        // Ratings: this server's (in a server), then the global one.
        for scope in Scope::of_place(place) {
            let label = match scope {
                Scope::Server(_) => msg!("ratings-label-server"),
                Scope::Global => msg!("ratings-label-global"),
            };
            match self.store.rating(who.id, scope, variant, rules)? {
                None => lines.push(
                    msg!(
                        "ratings-stats-unrated",
                        label = label,
                        rating = Rating::default().to_string()
                    )
                    .into(),
                ),
                Some(r) => {
                    let (rank, total) = self.store.rank(who.id, scope, variant, rules)?;
                    let rank: Text = rank
                        .map(|n| msg!("ratings-stats-rank", rank = n, total = total).into())
                        .unwrap_or_default();
                    lines.push(
                        msg!(
                            "ratings-stats-rating",
                            label = label,
                            rating = r.rating.to_string(),
                            rd = format!("{:.0}", r.rating.deviation),
                            games = r.games,
                            record = wld(r.wins, r.losses, r.draws),
                            rank = rank
                        )
                        .into(),
                    );
                }
            }
        }

        if let Some(progress) = self.lesson_progress_if_any(who)? {
            lines.push(progress);
        }
        if let Some(record) = self.puzzle_record(who)? {
            lines.push(record);
        }

        // The player's summary: a few rows kept as games end, whatever their history.
        let asker = (who.id != user.id).then_some(user.id);
        let summary = self.store.player_summary(who.id, variant, asker)?;
        let all = Tally {
            wins: summary.sides[0].wins + summary.sides[1].wins,
            losses: summary.sides[0].losses + summary.sides[1].losses,
            draws: summary.sides[0].draws + summary.sides[1].draws,
        };
        let ai_games: u32 = summary.ai.iter().map(|(_, t)| t.games()).sum();
        if all.games() == 0 && ai_games == 0 {
            lines.push(msg!("ratings-no-games", game = game_title(variant, rules)).into());
        }
        if all.games() > 0 {
            lines.push(
                msg!(
                    "ratings-people",
                    games = all.games(),
                    rated = summary.rated,
                    record = wld(all.wins, all.losses, all.draws),
                    south = short(&summary.sides[Side::South.index()]),
                    north = short(&summary.sides[Side::North.index()])
                )
                .into(),
            );
            if summary.clocks.iter().any(|(c, _)| c.is_some()) {
                // By time control, fastest first, games without a clock last.
                let mut by: Vec<(Option<i64>, Option<String>, Tally)> = Vec::new();
                for (clock, tally) in &summary.clocks {
                    let key = clock.map(|c| c.form());
                    match by.iter_mut().find(|(_, k, _)| *k == key) {
                        Some((_, _, t)) => {
                            t.wins += tally.wins;
                            t.losses += tally.losses;
                            t.draws += tally.draws;
                        }
                        None => by.push((clock.map(|c| c.base_ms), key, *tally)),
                    }
                }
                by.sort_by_key(|(base, _, _)| base.unwrap_or(i64::MAX));
                let list = Text::join(
                    by.iter().map(|(_, k, t)| {
                        let key: Text = match k {
                            Some(form) => form.into(),
                            None => msg!("ratings-no-clock").into(),
                        };
                        key.then(format!(" {}", short(t)))
                    }),
                    ", ",
                );
                lines.push(msg!("ratings-by-clock", list = list).into());
            }
            lines.push(
                msg!(
                    "ratings-streak",
                    now = summary.streak,
                    best = summary.best_streak
                )
                .into(),
            );
            let last: Vec<Msg> = summary
                .recent
                .iter()
                .rev()
                .take(LAST_RESULTS)
                .map(|s| letter(*s))
                .collect();
            lines.push(
                msg!(
                    "ratings-last",
                    n = last.len(),
                    results = Text::join(last, " ")
                )
                .into(),
            );
        }
        if asker.is_some() {
            // The asker's record against the player: the player's, the other way round.
            let h2h = summary.against;
            if h2h.games() == 0 {
                lines.push(msg!("ratings-h2h-none", name = Text::name(&name)).into());
            } else {
                lines.push(
                    msg!(
                        "ratings-h2h",
                        name = Text::name(&name),
                        record = wld(h2h.losses, h2h.wins, h2h.draws)
                    )
                    .into(),
                );
            }
        }
        if ai_games > 0 {
            let mut levels: Vec<(crate::ai::Level, Tally)> = summary
                .ai
                .iter()
                .filter_map(|(l, t)| Some((l.parse().ok()?, *t)))
                .collect();
            levels.sort_by_key(|(l, _)| *l);
            let list = levels
                .iter()
                .map(|(l, t)| format!("{l} {}", short(t)))
                .collect::<Vec<_>>()
                .join(", ");
            lines.push(msg!("ratings-ai", list = list).into());
        }
        Ok(Reply::private(Text::one_per_line(lines)).into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn signs_and_words() {
        assert_eq!(signed(162), "+162");
        assert_eq!(signed(-162), "\u{2212}162");
        assert_eq!(signed(0), "+0");
        assert_eq!(wld(1, 2, 0).render(Lang::En), "1 win, 2 losses, 0 draws");
        assert_eq!(
            wld(1, 2, 0).render(Lang::Sw),
            "ushindi 1, kushindwa 2, sare 0"
        );
    }
}

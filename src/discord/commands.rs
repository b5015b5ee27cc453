//! `/bao` and its subcommands: playing a game. Each turns its options into the app's
//! [`Command`] and hands it on. The other families are top-level commands of their own
//! (`study.rs`, `ratings.rs`, `tournament.rs`, `settings.rs`), so that each stays within
//! Discord's limits of 25 options and 4,000 characters per command. A new subcommand is a
//! function here (listed in [`bao`]'s `subcommands`) and a row of the app's command table.

use poise::serenity_prelude as serenity;

use super::autocomplete::registered;
use super::choices::LanguageParam;
use super::choices::{
    HelpTopic, LevelParam, NotifyParam, OrientationParam, RulesParam, SideParam, VariantChoice,
    CHOICES_MAX, CHOICE_MAX,
};
use super::{messages, respond, AppContext, Error};
use crate::app::{game_option, Command, PrefsChange, TimeControl, PRESETS};

/// Every command the bot registers.
pub fn all() -> Vec<poise::Command<super::Data, Error>> {
    vec![
        bao(),
        super::study::replay(),
        super::study::analyze(),
        super::study::learn(),
        super::study::puzzle(),
        super::ratings::stats(),
        super::ratings::leaderboard(),
        super::tournament::tournament(),
        super::settings::bao_settings(),
    ]
}

/// Play Bao la Kiswahili.
#[poise::command(
    slash_command,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel",
    subcommand_required,
    subcommands(
        "challenge",
        "accept",
        "decline",
        "move_",
        "board",
        "moves",
        "history",
        "resign",
        "draw",
        "abort",
        "takeback",
        "claim",
        "hint",
        "ai",
        "games",
        "prefs",
        "help"
    )
)]
pub async fn bao(_ctx: AppContext<'_>) -> Result<(), Error> {
    Ok(())
}

/// Challenge someone to a game here.
// One parameter per slash-command option.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command)]
pub async fn challenge(
    ctx: AppContext<'_>,
    #[description = "Who to play"] opponent: serenity::User,
    #[description = "Which Bao (default kiswahili)"] variant: Option<VariantChoice>,
    #[description = "Your side (south moves first)"] side: Option<SideParam>,
    #[description = "Time per move: none, or e.g. 30m, 24h, 3d"] time_per_move: Option<String>,
    #[description = "Rule set: v0.2 (with takasia) or r002 (without)"] rules: Option<RulesParam>,
    #[description = "Whether the game counts for ratings (default yes)"] rated: Option<bool>,
    #[description = "Allow /bao hint for both players (unrated games only)"] hints: Option<bool>,
    #[description = "Clock: 5+3 (min+s a move), 3d+1d, or a preset"]
    #[autocomplete = "registered"]
    clock: Option<String>,
    #[description = "Most a day clock's bank holds (default 7d)"] cap: Option<String>,
) -> Result<(), Error> {
    let opponent = respond::user_of(&opponent);
    let command = Command::Challenge {
        opponent,
        variant: variant.map(Into::into),
        side: side.map(Into::into),
        time_per_move,
        rules: rules.map(Into::into),
        rated,
        hints,
        clock,
        cap,
    };
    respond::command(ctx, command).await
}

/// The clock suggestions for `typed`, as (label, value): the typed clock if it reads as one,
/// then the presets whose label contains it, at most [`CHOICES_MAX`]. Any value in range may
/// be typed (Discord's fixed choices would forbid it), and the app checks it again.
pub fn clock_suggestions(typed: &str) -> Vec<(String, String)> {
    let typed = typed.trim();
    let lower = typed.to_ascii_lowercase();
    let mut out = Vec::new();
    if let Ok(c) = typed.parse::<TimeControl>() {
        if !PRESETS.iter().any(|p| p.form == c.to_string()) {
            out.push((
                messages::truncate(&c.describe(), CHOICE_MAX),
                messages::truncate(&c.to_string(), CHOICE_MAX),
            ));
        }
    }
    for p in PRESETS {
        let label = match p.form.parse::<TimeControl>() {
            Ok(c) => format!("{} {}", p.name, c.describe().trim_start_matches("clock ")),
            Err(_) => format!("{} {}", p.name, p.form),
        };
        if lower.is_empty() || label.to_ascii_lowercase().contains(&lower) {
            out.push((messages::truncate(&label, CHOICE_MAX), p.form.to_string()));
        }
    }
    out.truncate(CHOICES_MAX);
    out
}

/// Accept the challenge waiting for you here.
#[poise::command(slash_command)]
pub async fn accept(ctx: AppContext<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Accept).await
}

/// Decline the challenge waiting for you here.
#[poise::command(slash_command)]
pub async fn decline(ctx: AppContext<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Decline).await
}

/// Play a move, e.g. `a6 left` or `A4 right capture`.
#[poise::command(slash_command, rename = "move")]
pub async fn move_(
    ctx: AppContext<'_>,
    #[description = "The move, e.g. a6 left"]
    #[autocomplete = "registered"]
    #[rename = "move"]
    text: String,
    #[description = "Which game (when not this channel's)"] game: Option<String>,
) -> Result<(), Error> {
    match game_option(game.as_deref()) {
        Ok(game) => respond::command(ctx, Command::Move { text, game }).await,
        Err(why) => respond::refuse(ctx, why).await,
    }
}

/// Show the board of a game.
#[poise::command(slash_command)]
pub async fn board(
    ctx: AppContext<'_>,
    #[description = "Which game (when not this channel's)"] game: Option<String>,
    #[description = "A new link to play on the board; your old link stops working"]
    #[rename = "new-link"]
    new_link: Option<bool>,
) -> Result<(), Error> {
    match game_option(game.as_deref()) {
        Ok(game) if new_link == Some(true) => {
            respond::command(ctx, Command::NewPlayLink { game }).await
        }
        Ok(game) => respond::command(ctx, Command::Board { game }).await,
        Err(why) => respond::refuse(ctx, why).await,
    }
}

/// List the legal moves in this channel's game.
#[poise::command(slash_command)]
pub async fn moves(ctx: AppContext<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Moves).await
}

/// The moves played so far, and the game record as a file.
#[poise::command(slash_command)]
pub async fn history(
    ctx: AppContext<'_>,
    #[description = "Which game (when not this channel's; finished games too)"] game: Option<
        String,
    >,
) -> Result<(), Error> {
    match game_option(game.as_deref()) {
        Ok(game) => respond::command(ctx, Command::History { game }).await,
        Err(why) => respond::refuse(ctx, why).await,
    }
}

/// Resign this channel's game.
#[poise::command(slash_command)]
pub async fn resign(ctx: AppContext<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Resign).await
}

/// Offer a draw, or accept (or decline) your opponent's offer.
#[poise::command(slash_command)]
pub async fn draw(
    ctx: AppContext<'_>,
    #[description = "True: decline your opponent's offer"] decline: Option<bool>,
) -> Result<(), Error> {
    let command = if decline == Some(true) {
        Command::DeclineDraw
    } else {
        Command::Draw
    };
    respond::command(ctx, command).await
}

/// Call off a game that has barely started (no result recorded).
#[poise::command(slash_command)]
pub async fn abort(ctx: AppContext<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Abort).await
}

/// Play the built-in AI here.
#[poise::command(slash_command)]
pub async fn ai(
    ctx: AppContext<'_>,
    #[description = "How strong (default medium)"] level: Option<LevelParam>,
    #[description = "Your side (south moves first)"] side: Option<SideParam>,
    #[description = "Which Bao (default kiswahili)"] variant: Option<VariantChoice>,
    #[description = "Rule set: v0.2 (with takasia) or r002 (without)"] rules: Option<RulesParam>,
    #[description = "Clock for both: 5+3, or a preset"]
    #[autocomplete = "registered"]
    clock: Option<String>,
) -> Result<(), Error> {
    let command = Command::Ai {
        level: level.map(Into::into),
        side: side.map(Into::into),
        variant: variant.map(Into::into),
        rules: rules.map(Into::into),
        clock,
    };
    respond::command(ctx, command).await
}

/// Your games everywhere, and how your last games ended.
#[poise::command(slash_command)]
pub async fn games(ctx: AppContext<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Games).await
}

/// Claim the win when your opponent's time has run out.
#[poise::command(slash_command)]
pub async fn claim(ctx: AppContext<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Claim).await
}

/// Your preferences: turn notices, animations, board orientation, language.
#[poise::command(slash_command)]
pub async fn prefs(
    ctx: AppContext<'_>,
    #[description = "dm: mention and DM; mention: mention only; off: nothing"] notify: Option<
        NotifyParam,
    >,
    #[description = "Move animations"] animations: Option<bool>,
    #[description = "mine: your rows at the bottom; south: always South's"] orientation: Option<
        OrientationParam,
    >,
    #[description = "The bot's language: en English, sw Kiswahili; default: the server's"]
    language: Option<LanguageParam>,
    #[description = "On the game page, play a pit's only move without confirming"]
    #[rename = "one-tap"]
    one_tap: Option<bool>,
) -> Result<(), Error> {
    let change = PrefsChange {
        notify: notify.map(Into::into),
        animations,
        orientation: orientation.map(Into::into),
        language: language.map(Into::into),
        one_tap,
    };
    respond::command(ctx, Command::Prefs(change)).await
}

/// A suggested move, privately (games against the AI).
#[poise::command(slash_command)]
pub async fn hint(ctx: AppContext<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Hint).await
}

/// Against the AI: take back your last move and the AI's reply.
#[poise::command(slash_command)]
pub async fn takeback(ctx: AppContext<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Takeback).await
}

/// The commands, or another page of help.
#[poise::command(slash_command)]
pub async fn help(
    ctx: AppContext<'_>,
    #[description = "commands, rules, notation, settings (this server's) or about"] topic: Option<
        HelpTopic,
    >,
) -> Result<(), Error> {
    let command = match topic.unwrap_or(HelpTopic::Commands) {
        HelpTopic::Commands => Command::Help,
        HelpTopic::Rules => Command::Rules,
        HelpTopic::Notation => Command::Notation,
        HelpTopic::Settings => Command::ServerSettings,
        HelpTopic::About => Command::About,
    };
    respond::command(ctx, command).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_suggestions_offer_the_presets_and_the_typed_clock_first() {
        let all = clock_suggestions("");
        assert_eq!(all.len(), PRESETS.len());
        assert_eq!(
            all[0],
            (
                "bullet 1+1 (1 minute each, 1 second a move)".to_string(),
                "1+1".to_string()
            )
        );
        let blitz: Vec<String> = clock_suggestions("blitz")
            .into_iter()
            .map(|c| c.1)
            .collect();
        assert_eq!(blitz, ["5+3", "3+2"]);
        // Any value in range may be typed; it comes first, as it reads.
        let typed = clock_suggestions("7+5");
        assert_eq!(typed[0].1, "7+5");
        assert!(typed[0].0.contains("7 minutes each"), "{typed:?}");
        assert_eq!(clock_suggestions("2d+12h")[0].1, "2d+12h");
        // A value out of range is not offered (the app refuses it when sent).
        assert!(clock_suggestions("500+0").is_empty());
        for (name, value) in clock_suggestions("") {
            assert!(name.chars().count() <= CHOICE_MAX && value.len() <= CHOICE_MAX);
        }
    }
}

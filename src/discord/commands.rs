//! `/bao` and its subcommands: playing a game. Each turns its options into the app's
//! [`Command`] and hands it on. The other families are top-level commands of their own
//! (`study.rs`, `ratings.rs`, `tournament.rs`, `settings.rs`), so that each stays within
//! Discord's limits of 25 options and 4,000 characters per command. A new subcommand is a
//! function here (listed in [`bao`]'s `subcommands`) and a row of the app's command table.

use poise::serenity_prelude as serenity;

use super::choices::LanguageParam;
use super::choices::{
    HelpTopic, LevelParam, NotifyParam, OrientationParam, RulesParam, SideParam, VariantChoice,
    CHOICES_MAX, CHOICE_MAX,
};
use super::{respond, AppContext, Error};
use crate::app::{game_option, Command, PrefsChange};

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
    interaction_context = "Guild|BotDm",
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
    };
    respond::command(ctx, command).await
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
    #[autocomplete = "complete_move"]
    #[rename = "move"]
    text: String,
    #[description = "Which game (when not this channel's)"] game: Option<String>,
) -> Result<(), Error> {
    match game_option(game.as_deref()) {
        Ok(game) => respond::command(ctx, Command::Move { text, game }).await,
        Err(why) => respond::refuse(ctx, why).await,
    }
}

/// Suggests the caller's legal moves, filtered by what is typed.
async fn complete_move(ctx: AppContext<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let game = ctx.args.iter().find_map(|a| match (&a.name, &a.value) {
        (&"game", serenity::ResolvedValue::String(s)) => Some((*s).to_string()),
        _ => None,
    });
    let Ok(game) = game_option(game.as_deref()) else {
        return serenity::CreateAutocompleteResponse::new();
    };
    let i = ctx.interaction;
    let asker = respond::asker_of(&i.user, i.guild_id, i.channel_id);
    let app = ctx.data().app.clone();
    let typed = partial.to_string();
    let task = tokio::task::spawn_blocking(move || {
        app.suggest_moves(&asker.user, &asker.place, game, &typed)
    });
    let choices = match tokio::time::timeout(respond::AUTOCOMPLETE_BUDGET, task).await {
        Ok(Ok(Ok(choices))) => choices,
        _ => {
            tracing::warn!(
                user = ctx.interaction.user.id.get(),
                "move autocomplete too slow or failed"
            );
            Vec::new()
        }
    };
    let choices = choices
        .into_iter()
        .take(CHOICES_MAX)
        .map(|m| {
            let m = respond::truncate(&m, CHOICE_MAX);
            serenity::AutocompleteChoice::new(m.clone(), m)
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Show the board of a game.
#[poise::command(slash_command)]
pub async fn board(
    ctx: AppContext<'_>,
    #[description = "Which game (when not this channel's)"] game: Option<String>,
) -> Result<(), Error> {
    match game_option(game.as_deref()) {
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

/// Offer a draw, or accept your opponent's offer.
#[poise::command(slash_command)]
pub async fn draw(ctx: AppContext<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Draw).await
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
) -> Result<(), Error> {
    let command = Command::Ai {
        level: level.map(Into::into),
        side: side.map(Into::into),
        variant: variant.map(Into::into),
        rules: rules.map(Into::into),
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
) -> Result<(), Error> {
    let change = PrefsChange {
        notify: notify.map(Into::into),
        animations,
        orientation: orientation.map(Into::into),
        language: language.map(Into::into),
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

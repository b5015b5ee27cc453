//! `/bao` and its subcommands: each turns its options into the app's [`Command`] and hands it
//! on. A new subcommand is a function here (listed in [`bao`]'s `subcommands`) that builds its
//! command and calls `respond::command`.

use std::borrow::Cow;

use poise::serenity_prelude as serenity;

use super::tournament::tournament;
use super::{respond, AppContext, Error};
use crate::app::{
    game_option, Command, Level, Notify, Orientation, PrefsChange, RatingScope, RuleSet,
    SideChoice, Theme, Variant,
};

/// Longest label or value Discord accepts in an autocomplete choice.
const CHOICE_MAX: usize = 100;
/// Most autocomplete choices Discord shows (more makes it show none).
const CHOICES_MAX: usize = 25;

/// Bao variant, as offered in the command's choices.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum VariantChoice {
    /// Bao la Kiswahili.
    #[name = "kiswahili"]
    Kiswahili,
    /// Bao la Kujifunza, the learner's variant.
    #[name = "kujifunza"]
    Kujifunza,
}

impl From<VariantChoice> for Variant {
    fn from(v: VariantChoice) -> Variant {
        match v {
            VariantChoice::Kiswahili => Variant::Kiswahili,
            VariantChoice::Kujifunza => Variant::Kujifunza,
        }
    }
}

/// Side, as offered in the command's choices.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum SideParam {
    /// South (moves first).
    #[name = "south"]
    South,
    /// North.
    #[name = "north"]
    North,
    /// A coin toss.
    #[name = "random"]
    Random,
}

impl From<SideParam> for SideChoice {
    fn from(s: SideParam) -> SideChoice {
        match s {
            SideParam::South => SideChoice::South,
            SideParam::North => SideChoice::North,
            SideParam::Random => SideChoice::Random,
        }
    }
}

/// AI level, as offered in the command's choices: every level of the ladder, labelled with
/// its ratings (`casual (1265, Kujifunza 1111)`, [`Level::label`]), straight from [`Level`]
/// so the choices never drift from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelParam(pub Level);

impl poise::ChoiceParameter for LevelParam {
    fn list() -> Cow<'static, [poise::CommandParameterChoice]> {
        Level::ALL
            .iter()
            .map(|l| poise::CommandParameterChoice {
                name: l.label().into(),
                localizations: Cow::Borrowed(&[]),
                __non_exhaustive: (),
            })
            .collect::<Vec<_>>()
            .into()
    }

    fn from_index(index: usize) -> Option<LevelParam> {
        Level::ALL.get(index).copied().map(LevelParam)
    }

    /// A level's name, with or without its rating.
    fn from_name(name: &str) -> Option<LevelParam> {
        name.split_whitespace().next()?.parse().ok().map(LevelParam)
    }

    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn localized_name(&self, _locale: &str) -> Option<&'static str> {
        None
    }
}

impl From<LevelParam> for Level {
    fn from(l: LevelParam) -> Level {
        l.0
    }
}

/// Notice mode, as offered in the command's choices.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum NotifyParam {
    /// Mention and DM.
    #[name = "dm"]
    Dm,
    /// Mention only.
    #[name = "mention"]
    Mention,
    /// Nothing.
    #[name = "off"]
    Off,
}

impl From<NotifyParam> for Notify {
    fn from(n: NotifyParam) -> Notify {
        match n {
            NotifyParam::Dm => Notify::Dm,
            NotifyParam::Mention => Notify::Mention,
            NotifyParam::Off => Notify::Off,
        }
    }
}

/// Rule set, as offered in the command's choices.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum RulesParam {
    /// v0.2, with takasia (the default).
    #[name = "v0.2"]
    V02,
    /// r002, without takasia.
    #[name = "r002"]
    R002,
}

impl From<RulesParam> for RuleSet {
    fn from(r: RulesParam) -> RuleSet {
        match r {
            RulesParam::V02 => RuleSet::V02,
            RulesParam::R002 => RuleSet::R002,
        }
    }
}

/// Leaderboard scope, as offered in the command's choices.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ScopeParam {
    /// This server's ratings.
    #[name = "server"]
    Server,
    /// Everyone's ratings, in every server and DM.
    #[name = "global"]
    Global,
}

impl From<ScopeParam> for RatingScope {
    fn from(s: ScopeParam) -> RatingScope {
        match s {
            ScopeParam::Server => RatingScope::Server,
            ScopeParam::Global => RatingScope::Global,
        }
    }
}

/// Board orientation, as offered in `/bao prefs`.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum OrientationParam {
    /// My rows at the bottom.
    #[name = "mine"]
    Mine,
    /// Always South's rows at the bottom.
    #[name = "south"]
    South,
}

/// Every command the bot registers.
pub fn all() -> Vec<poise::Command<super::Data, Error>> {
    vec![bao(), super::settings::bao_settings()]
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
        "analyze",
        "hint",
        "takeback",
        "resign",
        "draw",
        "abort",
        "ai",
        "games",
        "rules",
        "notation",
        "help",
        "notify",
        "claim",
        "settings",
        "prefs",
        "about",
        "replay",
        "leaderboard",
        "stats",
        "learn",
        "puzzle",
        "tournament"
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

/// A short summary of the rules.
#[poise::command(slash_command)]
pub async fn rules(ctx: AppContext<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Rules).await
}

/// How to write a move.
#[poise::command(slash_command)]
pub async fn notation(ctx: AppContext<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Notation).await
}

/// The commands.
#[poise::command(slash_command)]
pub async fn help(ctx: AppContext<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Help).await
}

/// How to tell you it is your turn.
#[poise::command(slash_command)]
pub async fn notify(
    ctx: AppContext<'_>,
    #[description = "dm: mention and DM; mention: mention only; off: nothing"] mode: NotifyParam,
) -> Result<(), Error> {
    respond::command(ctx, Command::Notify(mode.into())).await
}

/// Claim the win when your opponent's time has run out.
#[poise::command(slash_command)]
pub async fn claim(ctx: AppContext<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Claim).await
}

/// This server's Bao settings and who last changed each (`/bao-settings` changes them).
#[poise::command(slash_command)]
pub async fn settings(ctx: AppContext<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::ServerSettings).await
}

/// Your preferences: turn notices, animations, board orientation.
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
) -> Result<(), Error> {
    let change = PrefsChange {
        notify: notify.map(Into::into),
        animations,
        orientation: orientation.map(|o| match o {
            OrientationParam::Mine => Orientation::Mine,
            OrientationParam::South => Orientation::South,
        }),
    };
    respond::command(ctx, Command::Prefs(change)).await
}

/// The bot: version, rule sets, uptime, games, servers and source.
#[poise::command(slash_command)]
pub async fn about(ctx: AppContext<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::About).await
}

/// A game as an animated GIF, one frame per ply (finished games, or your own running ones).
#[poise::command(slash_command)]
pub async fn replay(
    ctx: AppContext<'_>,
    #[description = "Which game (when not this channel's last)"] game: Option<String>,
    #[description = "The first ply shown (0: the start)"] from: Option<u32>,
    #[description = "The last ply shown (default: the last move)"] to: Option<u32>,
) -> Result<(), Error> {
    match game_option(game.as_deref()) {
        Ok(game) => respond::command(ctx, Command::Replay { game, from, to }).await,
        Err(why) => respond::refuse(ctx, why).await,
    }
}

/// A computer analysis of a finished game: evaluation graph, accuracies, largest mistakes.
#[poise::command(slash_command)]
pub async fn analyze(
    ctx: AppContext<'_>,
    #[description = "Which game (when not this channel's last one)"] game: Option<String>,
) -> Result<(), Error> {
    match game_option(game.as_deref()) {
        Ok(game) => respond::command(ctx, Command::Analyze { game }).await,
        Err(why) => respond::refuse(ctx, why).await,
    }
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

/// The best rated players of this server, or of everywhere.
#[poise::command(slash_command)]
pub async fn leaderboard(
    ctx: AppContext<'_>,
    #[description = "Which Bao (default kiswahili)"] variant: Option<VariantChoice>,
    #[description = "This server's ratings or everyone's (default: this server's)"] scope: Option<
        ScopeParam,
    >,
) -> Result<(), Error> {
    let command = Command::Leaderboard {
        variant: variant.map(Into::into),
        scope: scope.map(Into::into),
    };
    respond::command(ctx, command).await
}

/// Ratings and record of a player (you, unless you name someone).
#[poise::command(slash_command)]
pub async fn stats(
    ctx: AppContext<'_>,
    #[description = "Whose (default: yours)"] player: Option<serenity::User>,
    #[description = "Which Bao (default kiswahili)"] variant: Option<VariantChoice>,
) -> Result<(), Error> {
    let command = Command::Stats {
        player: player.as_ref().map(respond::user_of),
        variant: variant.map(Into::into),
    };
    respond::command(ctx, command).await
}

/// Lessons that teach Bao by playing: start or resume them, or jump to one.
#[poise::command(slash_command)]
pub async fn learn(
    ctx: AppContext<'_>,
    #[description = "Jump to this lesson (default: resume)"]
    #[min = 1]
    lesson: Option<u32>,
) -> Result<(), Error> {
    respond::command(ctx, Command::Learn { lesson }).await
}

/// A puzzle theme, as offered in `/bao puzzle`'s choices.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ThemeChoice {
    /// Win in 1.
    #[name = "win-in-1"]
    WinIn1,
    /// Win in 2.
    #[name = "win-in-2"]
    WinIn2,
    /// Win in 3.
    #[name = "win-in-3"]
    WinIn3,
    /// Front-row kill.
    #[name = "front-row-kill"]
    FrontRowKill,
    /// Capture chain.
    #[name = "capture-chain"]
    CaptureChain,
    /// Nyumba.
    #[name = "nyumba"]
    Nyumba,
    /// Takasia.
    #[name = "takasia"]
    Takasia,
    /// Namua.
    #[name = "namua"]
    Namua,
    /// Mtaji.
    #[name = "mtaji"]
    Mtaji,
    /// Defence.
    #[name = "defence"]
    Defence,
    /// Long relay.
    #[name = "long-relay"]
    LongRelay,
}

impl From<ThemeChoice> for Theme {
    fn from(t: ThemeChoice) -> Theme {
        match t {
            ThemeChoice::WinIn1 => Theme::WinIn(1),
            ThemeChoice::WinIn2 => Theme::WinIn(2),
            ThemeChoice::WinIn3 => Theme::WinIn(3),
            ThemeChoice::FrontRowKill => Theme::FrontRowKill,
            ThemeChoice::CaptureChain => Theme::CaptureChain,
            ThemeChoice::Nyumba => Theme::Nyumba,
            ThemeChoice::Takasia => Theme::Takasia,
            ThemeChoice::Namua => Theme::Namua,
            ThemeChoice::Mtaji => Theme::Mtaji,
            ThemeChoice::Defence => Theme::Defence,
            ThemeChoice::LongRelay => Theme::LongRelay,
        }
    }
}

/// A puzzle near your puzzle rating, privately; or the puzzle of the day.
#[poise::command(slash_command)]
pub async fn puzzle(
    ctx: AppContext<'_>,
    #[description = "Only puzzles of this theme"] theme: Option<ThemeChoice>,
    #[description = "Which Bao (default: either)"] variant: Option<VariantChoice>,
    #[description = "The puzzle of the day instead"] daily: Option<bool>,
) -> Result<(), Error> {
    let command = Command::Puzzle {
        theme: theme.map(Into::into),
        variant: variant.map(Into::into),
        daily: daily.unwrap_or(false),
    };
    respond::command(ctx, command).await
}

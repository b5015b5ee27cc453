//! `/bao-tournament …`: the slash commands of events, mapped to
//! [`Command::Tournament`](crate::app::Command::Tournament). Organiser commands carry
//! whether the member has Manage Server, as Discord computed it for the interaction.

use poise::serenity_prelude as serenity;

use super::choices::{RulesParam, VariantChoice};
use super::{respond, AppContext, Error};
use crate::app::{Command, NewEventAsk, TournamentAction, TournamentAsk};

/// Whether the member has Manage Server (from Discord, never from the client).
pub(super) fn manage_server(ctx: &AppContext<'_>) -> bool {
    ctx.interaction
        .member
        .as_ref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild())
}

/// Sends one tournament request.
async fn ask(
    ctx: AppContext<'_>,
    action: TournamentAction,
    event: Option<i64>,
) -> Result<(), Error> {
    let manage_server = manage_server(&ctx);
    respond::command(
        ctx,
        Command::Tournament(TournamentAsk {
            action,
            event,
            manage_server,
        }),
    )
    .await
}

/// Tournaments: round robins and Swiss events played by correspondence here.
#[poise::command(
    slash_command,
    rename = "bao-tournament",
    guild_only,
    install_context = "Guild",
    interaction_context = "Guild",
    subcommand_required,
    subcommands(
        "create",
        "join",
        "leave",
        "withdraw",
        "start",
        "pause",
        "resume",
        "remove",
        "cancel",
        "standings",
        "pairings",
        "info"
    )
)]
pub async fn tournament(_ctx: AppContext<'_>) -> Result<(), Error> {
    Ok(())
}

/// Create an event in this channel and announce it.
// One parameter per slash-command option.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command)]
pub async fn create(
    ctx: AppContext<'_>,
    #[description = "The event's name"] name: String,
    #[description = "round-robin, double-round-robin or swiss"] format: FormatParam,
    #[description = "Rounds (Swiss only)"]
    #[min = 1]
    #[max = 99]
    rounds: Option<u32>,
    #[description = "Time per move: none, or e.g. 12h, 1d, 3d (default 1d)"] time_per_move: Option<
        String,
    >,
    #[description = "Which Bao (default: the server's)"] variant: Option<VariantChoice>,
    #[description = "Rule set (default: the server's)"] rules: Option<RulesParam>,
    #[description = "Whether the games count for ratings"] rated: Option<bool>,
    #[description = "How long sign-up stays open, e.g. 2d (the event starts then)"] signup: Option<
        String,
    >,
    #[description = "At most this many players (the event starts when full)"]
    #[min = 2]
    max_players: Option<u32>,
    #[description = "Longest a round may last, e.g. 7d (unfinished games are drawn)"]
    round_time: Option<String>,
) -> Result<(), Error> {
    let new = NewEventAsk {
        name,
        variant: variant.map(Into::into),
        rules: rules.map(Into::into),
        format: format.name().to_string(),
        rounds,
        time_per_move,
        round_time,
        rated,
        signup,
        max_players,
    };
    ask(ctx, TournamentAction::Create(new), None).await
}

/// The three formats.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum FormatParam {
    /// Everyone plays everyone once.
    #[name = "round-robin"]
    RoundRobin,
    /// Everyone plays everyone twice.
    #[name = "double-round-robin"]
    DoubleRoundRobin,
    /// Swiss pairing.
    #[name = "swiss"]
    Swiss,
}

impl FormatParam {
    fn name(self) -> &'static str {
        match self {
            FormatParam::RoundRobin => "round-robin",
            FormatParam::DoubleRoundRobin => "double-round-robin",
            FormatParam::Swiss => "swiss",
        }
    }
}

/// One slash command per event action that takes only `event`.
macro_rules! event_commands {
    ($($doc:literal $name:ident => $action:ident;)*) => {$(
        #[doc = $doc]
        #[poise::command(slash_command)]
        pub async fn $name(
            ctx: AppContext<'_>,
            #[description = "The event's number (default: this channel's)"] event: Option<i64>,
        ) -> Result<(), Error> {
            ask(ctx, TournamentAction::$action, event).await
        }
    )*};
}

event_commands! {
    "Sign up for the event here." join => Join;
    "Take back your sign-up (before the start)." leave => Leave;
    "Leave a started event: your game being played is resigned." withdraw => Withdraw;
    "Start the event now (organisers)." start => Start;
    "Start no new round until resumed (organisers)." pause => Pause;
    "Go on after a pause (organisers)." resume => Resume;
    "Call the event off (organisers)." cancel => Cancel;
    "The standings with every tie-break." standings => Standings;
    "This round's pairings." pairings => Pairings;
    "The event's settings and players." info => Info;
}

/// Take a player off the event (organisers).
#[poise::command(slash_command)]
pub async fn remove(
    ctx: AppContext<'_>,
    #[description = "Who"] player: serenity::User,
    #[description = "The event's number (default: this channel's)"] event: Option<i64>,
) -> Result<(), Error> {
    let who = respond::user_of(&player);
    ask(ctx, TournamentAction::Remove(who), event).await
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_tournament_subcommand_is_described() {
        let group = super::tournament();
        assert_eq!(group.subcommands.len(), 12);
        for c in &group.subcommands {
            let about = c.description.as_deref().unwrap_or("");
            assert!(
                !about.is_empty() && about.len() <= 100,
                "{}: `{about}`",
                c.name
            );
        }
    }
}

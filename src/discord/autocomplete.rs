//! Autocomplete answers, sent through the bot's bounded retry like every other request.
//!
//! poise would send them itself, outside [`super::retry`]: a `429` on one was never tried
//! again and the player saw no suggestions. So the options keep poise's `#[autocomplete]`
//! marker (it registers `autocomplete: true`), the framework runs with those callbacks taken
//! off ([`without_callbacks`]), and the event handler answers autocomplete interactions here
//! ([`answer`]): the suggestions from the app, then one response retried until Discord's
//! 3 s are nearly gone.

use poise::serenity_prelude as serenity;
use serenity::{
    AutocompleteChoice, CommandDataOption, CommandDataOptionValue, CommandInteraction,
    CreateAutocompleteResponse, CreateInteractionResponse, Http,
};
use tracing::warn;

use super::choices::{CHOICES_MAX, CHOICE_MAX};
use super::commands::clock_suggestions;
use super::{messages, respond, retry, Data, Error};
use crate::app::game_option;

/// `commands` as the framework runs them: the same, without autocomplete callbacks, so that
/// poise leaves autocomplete interactions to [`answer`].
pub fn without_callbacks(
    mut commands: Vec<poise::Command<Data, Error>>,
) -> Vec<poise::Command<Data, Error>> {
    fn strip(c: &mut poise::Command<Data, Error>) {
        for p in &mut c.parameters {
            p.autocomplete_callback = None;
        }
        c.subcommands.iter_mut().for_each(strip);
    }
    commands.iter_mut().for_each(strip);
    commands
}

/// The marker poise needs to register an option with `autocomplete: true`; never run (the
/// framework's copy has none, see [`without_callbacks`]).
pub async fn registered(_ctx: super::AppContext<'_>, _partial: &str) -> CreateAutocompleteResponse {
    CreateAutocompleteResponse::new()
}

/// Answers an autocomplete interaction: the suggestions for the focused option, at most
/// [`CHOICES_MAX`], in one response retried while rate limited.
pub async fn answer(data: &Data, http: &Http, i: &CommandInteraction) {
    let deadline = std::time::Instant::now() + retry::FIRST_ANSWER;
    let choices = match i.data.autocomplete() {
        Some(focused) if focused.name == "clock" => clock_suggestions(focused.value),
        Some(focused) if focused.name == "move" => {
            let typed = focused.value.to_string();
            move_suggestions(data, i, typed).await
        }
        _ => Vec::new(),
    };
    let choices = choices
        .into_iter()
        .take(CHOICES_MAX)
        .map(|(name, value)| AutocompleteChoice::new(name, value))
        .collect();
    let response = CreateInteractionResponse::Autocomplete(
        CreateAutocompleteResponse::new().set_choices(choices),
    );
    if let Err(e) = retry::retrying("autocomplete answer", deadline, || {
        i.create_response(http, response.clone())
    })
    .await
    {
        warn!(user = i.user.id.get(), error = %e, "could not send suggestions");
    }
}

/// The caller's legal moves in the game the `game` option names (or this place's), filtered
/// by what is typed; none when the app is too slow for autocomplete's time.
async fn move_suggestions(
    data: &Data,
    i: &CommandInteraction,
    typed: String,
) -> Vec<(String, String)> {
    let Ok(game) = game_option(string_option(&i.data.options, "game").as_deref()) else {
        return Vec::new();
    };
    let asker = respond::asker_of_command(i);
    let app = data.app.clone();
    let task = tokio::task::spawn_blocking(move || {
        app.suggest_moves(&asker.user, &asker.place, game, &typed)
    });
    match tokio::time::timeout(respond::AUTOCOMPLETE_BUDGET, task).await {
        Ok(Ok(Ok(moves))) => moves
            .into_iter()
            .map(|m| {
                let m = messages::truncate(&m, CHOICE_MAX);
                (m.clone(), m)
            })
            .collect(),
        _ => {
            warn!(
                user = i.user.id.get(),
                "move autocomplete too slow or failed"
            );
            Vec::new()
        }
    }
}

/// The value of string option `name`, inside the subcommand if there is one.
fn string_option(options: &[CommandDataOption], name: &str) -> Option<String> {
    options.iter().find_map(|o| match &o.value {
        CommandDataOptionValue::SubCommand(inner)
        | CommandDataOptionValue::SubCommandGroup(inner) => string_option(inner, name),
        CommandDataOptionValue::String(s) if o.name == name => Some(s.clone()),
        CommandDataOptionValue::Autocomplete { value, .. } if o.name == name => Some(value.clone()),
        _ => None,
    })
}

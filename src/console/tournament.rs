//! Reading `/bao-tournament <action> …` typed in the console: `create` takes `format:`,
//! `rounds:`, `time:`, `variant:`, `rules:`, `rated:`, `signup:`, `max:` and
//! `round_time:` options, the rest of the line being the name; the other actions take
//! `event:N` (and `remove` a player's name).

use crate::app::{Command, NewEventAsk, TournamentAction, TournamentAsk, User};
use crate::i18n::Text;
use crate::msg;

use super::parse::{rule_set, variant};

/// The command for `/bao-tournament` with its `plain` words and `option` lookup.
pub fn parse(
    plain: &[&str],
    option: &dyn Fn(&str) -> Option<String>,
    user_named: &mut dyn FnMut(&str) -> User,
) -> Result<Command, Text> {
    let Some((action, rest)) = plain.split_first() else {
        return Err(msg!("console-tournament-how").into());
    };
    let event = option("event")
        .map(|e| {
            e.trim_start_matches('#')
                .parse::<i64>()
                .map_err(|_| msg!("console-not-event", word = e))
        })
        .transpose()?;
    let simple = |a: TournamentAction| -> Result<TournamentAction, Text> {
        if rest.is_empty() {
            Ok(a)
        } else {
            let how = msg!("console-tournament-how");
            Err(msg!("console-no-more-words", action = *action, how = how).into())
        }
    };
    let action = match action.to_ascii_lowercase().as_str() {
        "create" => {
            let number = |key: &str| {
                option(key)
                    .map(|v| {
                        v.parse::<u32>()
                            .map_err(|_| msg!("console-needs-number", option = key, word = v))
                    })
                    .transpose()
            };
            let rated = match option("rated").as_deref() {
                None => None,
                Some("yes" | "true" | "on") => Some(true),
                Some("no" | "false" | "off") => Some(false),
                Some(v) => return Err(msg!("console-yes-no", option = "rated", word = v).into()),
            };
            TournamentAction::Create(NewEventAsk {
                name: rest.join(" "),
                variant: option("variant").map(|v| variant(&v)).transpose()?,
                rules: option("rules").map(|v| rule_set(&v)).transpose()?,
                format: option("format").unwrap_or_default(),
                rounds: number("rounds")?,
                time_per_move: option("time").or_else(|| option("time_per_move")),
                round_time: option("round_time"),
                rated,
                signup: option("signup"),
                max_players: number("max")?.or(number("max_players")?),
            })
        }
        "join" => simple(TournamentAction::Join)?,
        "leave" => simple(TournamentAction::Leave)?,
        "withdraw" => simple(TournamentAction::Withdraw)?,
        "start" => simple(TournamentAction::Start)?,
        "pause" => simple(TournamentAction::Pause)?,
        "resume" => simple(TournamentAction::Resume)?,
        "cancel" => simple(TournamentAction::Cancel)?,
        "standings" => simple(TournamentAction::Standings)?,
        "pairings" => simple(TournamentAction::Pairings)?,
        "info" => simple(TournamentAction::Info)?,
        "remove" => match rest {
            [who] => TournamentAction::Remove(user_named(who)),
            _ => return Err(msg!("console-tournament-remove-whom").into()),
        },
        _ => return Err(msg!("console-tournament-how").into()),
    };
    Ok(Command::Tournament(TournamentAsk {
        action,
        event,
        // The console's users are players; an event's creator organises it.
        manage_server: false,
    }))
}

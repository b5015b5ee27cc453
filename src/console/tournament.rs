//! Reading `/bao-tournament <action> …` typed in the console: `create` takes `format:`,
//! `rounds:`, `time:`, `variant:`, `rules:`, `rated:`, `signup:`, `max:` and
//! `round_time:` options, the rest of the line being the name; the other actions take
//! `event:N` (and `remove` a player's name).

use crate::app::{Command, NewEventAsk, TournamentAction, TournamentAsk, User};
use crate::rules::{RuleSet, Variant};

/// What `/bao-tournament` accepts after it.
const USAGE: &str = "write /bao-tournament create NAME format:swiss rounds:5 (or format:round-robin), \
    or /bao-tournament join|leave|withdraw|start|pause|resume|cancel|standings|pairings|info [event:N], \
    or /bao-tournament remove NAME";

/// The command for `/bao-tournament` with its `plain` words and `option` lookup.
pub fn parse(
    plain: &[&str],
    option: &dyn Fn(&str) -> Option<String>,
    user_named: &mut dyn FnMut(&str) -> User,
) -> Result<Command, String> {
    let Some((action, rest)) = plain.split_first() else {
        return Err(USAGE.into());
    };
    let event = option("event")
        .map(|e| {
            e.trim_start_matches('#')
                .parse::<i64>()
                .map_err(|_| format!("`{e}` is not an event number: write event:3"))
        })
        .transpose()?;
    let simple = |a: TournamentAction| -> Result<TournamentAction, String> {
        if rest.is_empty() {
            Ok(a)
        } else {
            Err(format!(
                "/bao-tournament {action} takes no more words; {USAGE}"
            ))
        }
    };
    let action = match action.to_ascii_lowercase().as_str() {
        "create" => {
            let number = |key: &str| {
                option(key)
                    .map(|v| {
                        v.parse::<u32>()
                            .map_err(|_| format!("`{key}:{v}` needs a number"))
                    })
                    .transpose()
            };
            let rated = match option("rated").as_deref() {
                None => None,
                Some("yes" | "true" | "on") => Some(true),
                Some("no" | "false" | "off") => Some(false),
                Some(v) => return Err(format!("`rated:{v}`: write rated:yes or rated:no")),
            };
            TournamentAction::Create(NewEventAsk {
                name: rest.join(" "),
                variant: option("variant")
                    .map(|v| v.parse::<Variant>())
                    .transpose()
                    .map_err(|e| e.to_string())?,
                rules: option("rules")
                    .map(|v| v.parse::<RuleSet>())
                    .transpose()
                    .map_err(|e| e.to_string())?,
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
            _ => return Err("whom? write /bao-tournament remove NAME".into()),
        },
        _ => return Err(USAGE.into()),
    };
    Ok(Command::Tournament(TournamentAsk {
        action,
        event,
        // The console's users are players; an event's creator organises it.
        manage_server: false,
    }))
}
